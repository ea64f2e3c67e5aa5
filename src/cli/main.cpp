// The `proven` executable: a thin shell over the game libraries. It parses arguments, runs the
// chosen subcommand and turns errors into one line on stderr and an exit code:
//   0 ok, 1 a proof / verification / generation failed, 2 a user mistake, 3 an internal bug.
#include <cstdio>
#include <exception>
#include <new>
#include <string>

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include "cli/game_registry.hpp"
#include "core/command.hpp"
#include "core/errors.hpp"
#include "core/hash.hpp"
#include "core/io.hpp"
#include "core/range_command.hpp"
#include "core/ranks.hpp"
#include "core/seeds.hpp"
#include "proven/version.hpp"
#include "serve/server.hpp"

namespace {

std::string version_text() {
  std::string text = fmt::format("proven {}\ngenerators:", proven::kVersion);
  for (const auto& game : proven::cli::games()) text += fmt::format(" {} {}", game.name, game.generator_version);
  return text;
}

void run_bench(unsigned jobs, const std::string& only) {
  proven::Digest all;
  bool ran = false;
  for (const auto& game : proven::cli::games()) {
    if (!only.empty() && game.name != only) continue;
    ran = true;
    const auto report = game.bench(jobs);
    fmt::print("{} (generator {})\n", game.name, game.generator_version);
    for (const auto& [name, value] : report.figures) fmt::print("  {:<28} {}\n", name, value);
    fmt::print("  {:<28} {}\n", "digest", report.digest);
    all.add(game.name + ":" + report.digest + "\n");
  }
  if (!ran) throw proven::UserError("no game named '" + only + "' (see proven --help)");
  fmt::print("bench digest {}\n", all.hex());
}

// Serves until the process is stopped (Ctrl-C): the catalog's report, then the address.
void run_serve(const proven::serve::ServeOptions& options) {
  proven::serve::Server server(options);
  for (const std::string& line : server.report()) fmt::print("{}\n", line);
  const int port = server.bind();
  fmt::print("proven serve: http://{}:{}/ (Ctrl-C stops it)\n", options.host, port);
  std::fflush(stdout);
  server.run();
}

// Under an MPI launcher every rank meets the same mistake: rank 0 alone says so.
int fail(int code, const std::string& message) {
  std::fflush(stdout);
  if (proven::lead_process()) fmt::print(stderr, "proven: {}\n", message);
  return code;
}

// A user mistake is one line on stderr, whatever input it echoes (a name or path holding a
// newline): scripts read the first line as the reason.
int fail_user(const std::string& message) { return fail(proven::kExitUserError, proven::one_line(message)); }

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"proven: procedural puzzles, proven before anyone plays them", "proven"};
  app.set_version_flag("--version", version_text(), "print the version and the generator versions");
  app.require_subcommand(1);

  for (const auto& game : proven::cli::games()) {
    CLI::App* group = app.add_subcommand(game.name, game.summary);
    group->require_subcommand(1);
    game.add_commands(*group);
  }

  unsigned bench_jobs = 0;
  std::string bench_game;
  CLI::App* bench =
      app.add_subcommand("bench", "run every game's fixed workload; print figures and a digest of the output");
  proven::add_jobs_option(*bench, bench_jobs);
  bench->add_option("--game", bench_game, "only this game");
  bench->callback([&] { run_bench(bench_jobs, bench_game); });

  proven::serve::ServeOptions serve_options;
  CLI::App* serve = app.add_subcommand("serve", "play and inspect every game in a browser (docs/serve.md)");
  serve->add_option("--port", serve_options.port, "TCP port; 0 takes any free one")
      ->check(CLI::Range(0, 65535))
      ->capture_default_str();
  serve->add_option("--host", serve_options.host, "the address to listen on")->capture_default_str();
  serve->add_option("--data", serve_options.catalog.data_dir, "also serve the packs (*.json) in this directory");
  serve->add_option("--cache", serve_options.catalog.cache_capacity, "documents generated on request kept at once")
      ->check(CLI::Range(1, 4096))
      ->capture_default_str();
  serve->add_option_function<std::string>(
      "--seeds",
      [&](const std::string& text) {
        serve_options.catalog.seeds =
            proven::parse_seed_list(text, {.min = 1, .max = 999'999'999, .max_count = 10'000'000, .option = "--seeds"});
      },
      "generate on request only these seeds: A, A..B or a comma list (default: any seed)");
  // The games' web extensions' own flags (serve/extension.hpp WebOption), as they name them.
  for (const proven::serve::WebOption& option : proven::serve::extension_flags())
    serve->add_option_function<std::string>(
        "--" + option.name,
        [&serve_options, name = option.name](const std::string& value) {
          serve_options.extension_options[name] = value;
        },
        option.help);
  serve
      ->add_option("--rate-factor", serve_options.rate_factor,
                   "multiply every per-client request rate by this (players behind one address); 0: no rate limit")
      ->check(CLI::Range(0.0, 1000.0))
      ->capture_default_str();
  serve->add_flag("--data-follow-links", serve_options.catalog.follow_links,
                  "also serve the packs that links in --data point to outside it");
  serve->add_flag("--quiet", serve_options.quiet, "no line per request");
  serve->callback([&] { run_serve(serve_options); });

  proven::require_plain_integers(app);
  app.parse_complete_callback([&app] { proven::refuse_ranks_unless_range_command(app); });
  proven::remove_temporary_files_on_signals();
  try {
    app.parse(argc, argv);
  } catch (const CLI::Success& e) {
    return app.exit(e);  // --help, --help-all, --version
  } catch (const CLI::ParseError& e) {
    return fail_user(std::string(e.what()) + " (see --help)");
  } catch (const proven::UserError& e) {
    return fail_user(e.what());
  } catch (const proven::Failure& e) {
    return fail(proven::kExitFailure, e.what());
  } catch (const std::bad_alloc&) {
    return fail(proven::kExitFailure,
                "out of memory: the input or a proof's budget is too large for this machine (see verify --budget)");
  } catch (const std::exception& e) {
    return fail(proven::kExitBug, std::string("internal error (please report): ") + e.what());
  } catch (...) {
    return fail(proven::kExitBug, "internal error (please report): unknown exception");
  }
  return proven::kExitOk;
}
