#include "cli/pack_commands.hpp"

#include <memory>

#include "core/command.hpp"

namespace proven::cli {

void add_pack_commands(CLI::App& group, const PackCommands& commands) {
  auto args = std::make_shared<PackGenerateArgs>();
  CLI::App* gen = group.add_subcommand("generate", commands.generate_help);
  gen->add_option("--seed", args->seed, "seed key (any string)")->capture_default_str();
  gen->add_option("--chapter", args->chapter, commands.chapter_help)->check(CLI::Range(1, commands.chapters));
  gen->add_option("--out", args->out, "write the JSON pack here (default: stdout)");
  add_jobs_option(*gen, args->jobs);
  gen->callback([args, run = commands.generate] { run(*args); });

  auto verify_path = std::make_shared<std::string>();
  CLI::App* verify = group.add_subcommand("verify", commands.verify_help);
  verify->add_option("pack", *verify_path, "the JSON pack")->required();
  verify->callback([verify_path, run = commands.verify] { run(*verify_path); });

  struct ShowArgs {
    std::string path, svg;
    int level = 1;
  };
  auto show_args = std::make_shared<ShowArgs>();
  CLI::App* show = group.add_subcommand("show", commands.show_help);
  show->add_option("pack", show_args->path, "the JSON pack")->required();
  show->add_option("--level", show_args->level, "level number, 1-based")->capture_default_str();
  show->add_option("--svg", show_args->svg, commands.svg_help);
  show->callback([show_args, run = commands.show] { run(show_args->path, show_args->level, show_args->svg); });
}

}  // namespace proven::cli
