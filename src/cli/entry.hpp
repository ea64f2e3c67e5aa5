#pragma once
// The generic CLI: make_entry<G>() gives every game the same five commands, written once over
// the Game contract (core/game.hpp):
//
//   proven <game> generate --seed S [game options] [--out FILE] [--jobs N]
//   proven <game> verify FILE [--budget N]
//   proven <game> show FILE [--item K] [--svg FILE]
//   proven <game> play FILE [--item K] [--moves "m1; m2; ..."]
//   proven bench [--game <game>]
//
// A game with more to offer has the contract's optional add_commands (core/game.hpp), which
// make_entry adds after the five; nothing here knows any game.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <iostream>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <unistd.h>
#include <CLI/CLI.hpp>

#include "cli/game_registry.hpp"
#include "core/command.hpp"
#include "core/errors.hpp"
#include "core/game.hpp"
#include "core/io.hpp"
#include "core/progress.hpp"

namespace proven::cli {

// The 0-based item `--item K` names (1-based); UserError giving the valid range otherwise.
template <Game G>
std::size_t item_index(const typename G::Document& doc, std::size_t number, const std::string& path) {
  const std::size_t count = G::item_count(doc);
  if (number < 1 || number > count)
    throw UserError(fmt::format("--item must be 1..{} for {} (it has {} {}s)", count, path, count, G::kItem));
  return number - 1;
}

// The longest line of moves `play` reads from stdin: a move is a few words, and a line may hold
// several, but nothing a player types comes near it. Longer input is refused, not buffered.
inline constexpr std::size_t kMaxMoveLineBytes = 4096;

// One line from `in` without its newline, at most kMaxMoveLineBytes; false at the end of input.
// IllegalMove for a longer line (read no further than the limit: an endless line costs nothing).
inline bool read_move_line(std::istream& in, std::string& line) {
  line.clear();
  for (int c = in.get(); c != std::char_traits<char>::eof(); c = in.get()) {
    if (c == '\n') return true;
    if (line.size() == kMaxMoveLineBytes)
      throw IllegalMove(fmt::format("a line of moves longer than {} bytes", kMaxMoveLineBytes));
    line += static_cast<char>(c);
  }
  return !line.empty();
}

// Plays `moves` (or, when empty and `interactive_input` is set, lines from stdin) on item `item`,
// printing the position after each move. Returns the final phase. An illegal move throws
// IllegalMove (exit 2), except when reading a terminal, where it is reported and play goes on.
template <Game G>
PlayPhase play_transcript(const typename G::Document& doc, std::size_t item, const std::vector<std::string>& moves,
                          bool from_stdin) {
  Session<typename G::Play> session(G::Play::start(doc, item));
  const auto print_position = [&] {
    const PlayStatus status = session.play().status();
    fmt::print("{}{}: {}\n", session.play().render(), phase_name(status.phase), status.summary);
    std::fflush(stdout);
  };
  fmt::print("{}", session.play().rules());
  print_position();
  const bool terminal = from_stdin && isatty(STDIN_FILENO);
  // "hint" and "moves" ask about the position; every other word goes to the session (undo,
  // restart, game over: core/play.hpp Session::act, the same for the web pages).
  const auto one_move = [&](const std::string& move) {
    if (move == "hint") {
      if (session.over()) throw IllegalMove("hint: the game is over");
      if constexpr (HintedPlay<typename G::Play>)
        fmt::print("> hint\n{}\n", session.play().hint());
      else
        throw IllegalMove("hint: this game gives no hints");
      return;
    }
    if (move == "moves" || move == "?") {
      fmt::print("> {}\n", move);
      for (const std::string& m : session.play().legal_moves()) fmt::print("  {}\n", m);
      return;
    }
    const MoveResult result = session.act(move);
    fmt::print("> {}\n{}\n", move, result.text);
    print_position();
  };
  const auto guarded = [&](const std::string& move) {
    if (!terminal) return one_move(move);
    try {
      one_move(move);
    } catch (const IllegalMove& e) {
      fmt::print(stderr, "proven: {}\n", e.what());
    }
  };
  if (!from_stdin) {
    for (const std::string& move : moves) guarded(move);
  } else {
    std::string line;
    while (session.play().status().phase == PlayPhase::Playing) {
      try {
        if (!read_move_line(std::cin, line)) break;
      } catch (const IllegalMove& e) {
        if (!terminal) throw;
        fmt::print(stderr, "proven: {}\n", e.what());
        std::cin.ignore(std::numeric_limits<std::streamsize>::max(), '\n');  // the rest of that line
        continue;
      }
      for (const std::string& move : split_moves(line)) guarded(move);
    }
  }
  return session.play().status().phase;
}

template <Game G>
void add_generic_commands(CLI::App& group) {
  struct GenerateArgs {
    std::string seed = "1";
    typename G::Params params;
    std::string out;
    unsigned jobs = 0;
  };
  auto gen_args = std::make_shared<GenerateArgs>();
  CLI::App* gen = group.add_subcommand("generate", fmt::format("generate a {}, every {} proven", G::kWhat, G::kItem));
  gen->add_option("--seed", gen_args->seed, "seed key (the same seed always gives the same bytes)")
      ->capture_default_str()
      ->check(CLI::Validator([](const std::string& seed) { return is_utf8(seed) ? "" : "not UTF-8 text"; }, "TEXT"));
  G::add_params(*gen, gen_args->params);
  gen->add_option("--out", gen_args->out, "write the JSON here, atomically (default: stdout)");
  add_jobs_option(*gen, gen_args->jobs);
  gen->callback([gen_args] {
    const GenerateArgs& a = *gen_args;
    check_output_path("--out", a.out, {});  // before the work, not after it
    Progress progress(std::string(G::kItem) + "s", 0);
    const Made<typename G::Document> made = G::generate(a.seed, a.params, {.jobs = a.jobs, .progress = &progress});
    progress.finish();
    // Everything is made before anything is written: a failure leaves no output behind.
    emit(a.out, json_text(document_to_json<G>(made.document)));
    fmt::print(stderr, "{} from seed '{}'{}\n{}", G::kWhat, made.document.seed,
               a.out.empty() || a.out == "-" ? "" : fmt::format(", written to {}", a.out), made.report);
  });

  struct VerifyArgs {
    std::string path;
    VerifyOptions options;
  };
  auto verify_args = std::make_shared<VerifyArgs>();
  CLI::App* verify =
      group.add_subcommand("verify", fmt::format("check every promise of a {} from its data alone", G::kWhat));
  verify->add_option("file", verify_args->path, fmt::format("the {} (JSON)", G::kWhat))->required();
  verify
      ->add_option("--budget", verify_args->options.budget,
                   fmt::format("search nodes or states each proof may use (default: the game's, docs/{}.md); a "
                               "proof that runs out says 'not proven within budget N'",
                               G::kName))
      ->check(CLI::Range(std::uint64_t{1}, kMaxVerifyBudget));
  verify->callback([verify_args] {
    const auto doc = read_document_file<G>(verify_args->path);
    // Broken promises and proofs that ran out of budget are reported apart: running out is no
    // verdict either way (core/verify.hpp).
    VerifyNotes notes;
    VerifyOptions options = verify_args->options;
    options.notes = &notes;
    const std::vector<std::string> broken = G::verify(doc, options);
    fail_on_problems(verify_args->path, broken, notes.not_proven);
    // What was checked, in the game's words when its items are not what verify went through.
    if (notes.verified.empty())
      fmt::print("{}: all {} {}s verified\n", verify_args->path, G::item_count(doc), G::kItem);
    else
      fmt::print("{}: {}\n", verify_args->path, notes.verified);
  });

  struct ShowArgs {
    std::string path, svg;
    std::size_t item = 1;
  };
  auto show_args = std::make_shared<ShowArgs>();
  const std::string item_flags = fmt::format("--item,--{}", G::kItem);
  CLI::App* show = group.add_subcommand("show", fmt::format("print one {} (and draw it as SVG)", G::kItem));
  show->add_option("file", show_args->path, fmt::format("the {} (JSON)", G::kWhat))->required();
  show->add_option(item_flags, show_args->item, fmt::format("which {}, 1-based", G::kItem))->capture_default_str();
  show->add_option("--svg", show_args->svg, "also write an SVG picture here");
  show->callback([show_args] {
    const ShowArgs& a = *show_args;
    check_output_path("--svg", a.svg, {a.path});
    const auto doc = read_document_file<G>(a.path);
    const std::size_t item = item_index<G>(doc, a.item, a.path);
    std::optional<std::string> svg;
    if (!a.svg.empty()) {
      svg = G::show_svg(doc, item);
      if (!svg) throw UserError(fmt::format("--svg: {} has no SVG picture of a {}", G::kName, G::kItem));
    }
    const std::string text = G::show_text(doc, item);
    if (svg) write_file_atomic(a.svg, *svg);
    fmt::print("{}", text);
    if (svg) fmt::print("picture: {}\n", a.svg);
  });

  struct PlayArgs {
    std::string path, moves;
    std::size_t item = 1;
    bool has_moves = false;
  };
  auto play_args = std::make_shared<PlayArgs>();
  CLI::App* play = group.add_subcommand(
      "play", fmt::format("play one {}: moves from --moves or stdin; exit 0 won, 1 lost or unfinished, 2 illegal move",
                          G::kItem));
  play->add_option("file", play_args->path, fmt::format("the {} (JSON)", G::kWhat))->required();
  play->add_option(item_flags, play_args->item, fmt::format("which {}, 1-based", G::kItem))->capture_default_str();
  play->add_option("--moves", play_args->moves,
                   "the moves, separated by ';' (else read from stdin, one or more per line); "
                   "'undo', 'restart' and 'moves' (list the legal moves) work in every game that allows them");
  play->callback([play_args, play] {
    const PlayArgs& a = *play_args;
    const auto doc = read_document_file<G>(a.path);
    // A game's promise is checked before it is played: a file whose proof does not hold (an
    // edited par, a changed rule) is refused with verify's first broken promise, as the server
    // refuses to serve it.
    if (const std::vector<std::string> problems = G::verify(doc, {}); !problems.empty())
      throw UserError(fmt::format("{}: does not verify, so it is not played: {}", a.path, one_line(problems.front())));
    const std::size_t item = item_index<G>(doc, a.item, a.path);
    const bool from_stdin = play->count("--moves") == 0;
    const PlayPhase end = play_transcript<G>(doc, item, split_moves(a.moves), from_stdin);
    if (end == PlayPhase::Lost) throw Failure(fmt::format("{} {} lost", G::kItem, a.item));
    if (end == PlayPhase::Playing) throw Failure(fmt::format("{} {} unfinished", G::kItem, a.item));
  });
}

template <Game G>
GameEntry make_entry() {
  return {.name = std::string(G::kName),
          .summary = std::string(G::kSummary),
          .generator_version = G::generator_version(),
          .add_commands =
              [](CLI::App& group) {
                add_generic_commands<G>(group);
                if constexpr (CommandedGame<G>) G::add_commands(group);  // the game's extras
              },
          .bench = [](unsigned jobs) { return G::bench(jobs); }};
}

}  // namespace proven::cli
