// Guards the speed work on the rule builders (issue 3): whatever is made faster, every rule book
// must stay byte for byte what it was. Pins, per module, a digest of the rules' JSON for seeds
// 2..200, a digest of the build reports (tries, filter and proof rejection tallies, proof method
// and case count: what `check` prints), and a digest of hint-by-hint plays of dealt modules (the
// actions the hints give and how each play ends). The constants were recorded from the code before
// any speed change; a deliberate generator change updates them and bumps kGeneratorVersion.
#include <gtest/gtest.h>

#include <array>
#include <string>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "bomb/rulebook.hpp"
#include "core/hash.hpp"
#include "core/io.hpp"

namespace proven::bomb::digest_test {
namespace {

constexpr int kFirstSeed = 2;
constexpr int kLastSeed = 200;

std::string report_text(const ModuleReport& r) {
  std::string text = fmt::format("{} tries {} accepted {} method {} cases {}\n", r.info.id, r.tries, r.tally.accepted(),
                                 static_cast<int>(r.proof.method), r.proof.cases);
  for (const auto& row : r.tally.rows()) text += fmt::format("{}={}\n", row.reason, row.rejected);
  return text;
}

// Plays a dealt module by its hints like the proof does, writing every action and the end into
// the digest, so a faster lookup that answered differently anywhere on the way shows up here.
template <Module M>
void trace_play(Digest& digest, const typename M::Rules& rules, const Rng& rng) {
  Rng sample = rng;
  const Edgework edge = deal_edgework(sample);
  Clock clock;
  clock.strikes = static_cast<int>(sample.below(3));
  clock.timer_ms = sample.uniform(kTimerMinMs, kTimerMaxMs);
  typename M::State state = M::deal(sample, edge, rules);
  digest.add(M::show(state));
  Context ctx{edge, clock, 0};
  for (int step = 0; step < 400; ++step) {
    if constexpr (TimedModule<M>) {
      const auto due = M::next_event_at(rules, state, ctx);
      if (due && *due <= ctx.now_ms) digest.add(fmt::format("tick{}", static_cast<int>(M::tick(rules, state, ctx))));
    }
    const Action action = M::hint(rules, state, ctx);
    digest.add(describe(action));
    if (!action.is_wait()) {
      const Outcome outcome = M::apply(rules, state, action, ctx);
      digest.add(fmt::format("={}", static_cast<int>(outcome)));
      if (outcome != Outcome::Ok) return;
      ctx.now_ms += kActionMs;
      continue;
    }
    std::optional<std::int64_t> next;
    if constexpr (TimedModule<M>) next = M::next_event_at(rules, state, ctx);
    if (!next || *next > 120'000) return;
    if constexpr (TimedModule<M>) {
      ctx.now_ms = *next;
      digest.add(fmt::format("tick{}", static_cast<int>(M::tick(rules, state, ctx))));
    }
  }
}

struct Digests {
  Digest books;  // the whole of to_json(book), every seed in turn
  std::array<Digest, Catalog::size> rules{};
  std::array<Digest, Catalog::size> reports{};
  std::array<Digest, Catalog::size> plays{};
};

Digests compute_digests() {
  Digests d;
  for (int seed = kFirstSeed; seed <= kLastSeed; ++seed) {
    const RuleBook book = generate_rule_book(seed);
    const nlohmann::json j = to_json(book);
    d.books.add(json_text(j));
    std::size_t i = 0;
    for_each_module([&]<class M>() {
      d.rules[i].add(json_text(j["modules"][i]));
      d.reports[i].add(report_text(book.reports[i]));
      if (seed <= 41) {
        const Rng rng = Rng::from_key("digest-test").fork(M::kInfo.id).fork("seed", static_cast<std::uint64_t>(seed));
        for (std::uint64_t k = 0; k < 20; ++k) trace_play<M>(d.plays[i], book.rules_of<M>(), rng.fork("play", k));
      }
      ++i;
    });
  }
  return d;
}

struct Pinned {
  std::string_view id;
  std::string_view rules;
  std::string_view reports;
  std::string_view plays;
};

// Recorded from the code before the speed work (main at eaf0513). Generator version 2 changed
// Tangled Wires on purpose (its filter, and a dealt bomb always has a wire to cut): its row and
// the books' digest were re-recorded then. The reports of Wires, Glyph Keypad and Color Echo were
// re-recorded when their exhaustive proofs moved to one case per class (39,000 -> 2,460, 5,040 ->
// 210, 8,064 -> 264: the case counts they report); their rules and plays kept their original
// digests. Blinker's plays were re-recorded when its face said the dial in MHz as the manual
// does, and Tangled Wires' when its face named each wire in the table's words ("red stripe",
// "no stripe", "LED lit"): the digest holds each dealt state's show() text; rules and reports
// kept theirs. Generator version 3 changed two rows on purpose (no rule line that can never
// fire): Big Button's filter rejects more (all three digests), and Word Grid's lists lost their
// unreachable words (rules, and reports for the new tally rows); its plays were checked unchanged
// with the old face text before the face moved to three rows of two (plays re-recorded for that).
// Also with generator 3, Labyrinth's rules write markers as 1-based {column, row} (rules) and its
// face says "(column,row)"; Wire Panels' face names each post ("post 1 black to B"): plays
// re-recorded for the text only.
// Every other row is still the original recording.
constexpr std::array<Pinned, Catalog::size> kPinned = {{
    {"wires", "10f96f468c0e3ea3", "cf15402210625f4f", "d2fc55e927030d07"},
    {"big-button", "7519b32f775adc3e", "91298da966db1436", "ad1fe026dc48e96e"},
    {"glyph-keypad", "eb93a272178cbdcb", "ddb3f35cb229ea15", "4a531b129c33a76a"},
    {"color-echo", "f2c501454c4ca499", "fc452c41a52f7610", "5cf0f6bf6ad1e258"},
    {"word-grid", "51deb44e79a20609", "002d18fb0c9639b8", "0852592b5183b803"},
    {"recall", "75cf9a69a48e0faa", "59748bd228631d4d", "1d8a0d04b4b512b4"},
    {"labyrinth", "7fcd04e0d9ba05c0", "38b83c3815bdf6ca", "d7c588105cef5986"},
    {"passcode", "2ad0566dfd8d96ab", "692413d54b6d9417", "ab9847424139bf5e"},
    {"blinker", "4c28fe78fd2e6fa2", "718953ca3a4f98ea", "f4c9f8e58daeac4c"},
    {"tangled-wires", "f1cf2e56b03c8f4b", "c4821a35c96c2140", "d8626098bf95b81d"},
    {"wire-panels", "561224e13500315a", "7ddab0a43a1830ec", "0887aa81b8327c46"},
    {"pressure-vent", "0ffd56a29b8f4eb9", "3557dd044e69a78f", "e6945aa72079fd5c"},
    {"dial-alignment", "1d51a133e888e148", "779b5153781f2fee", "4722d93b7f78795c"},
    {"discharge-lever", "79950876676d2c0a", "b7a17916ade64596", "2cc6310e19d83c43"},
}};

constexpr std::string_view kPinnedBooks = "253549b111b84be8";

// One test, not three: ctest runs each test in its own process, and the digests take a few
// seconds to compute.
TEST(BombDigest, RuleBooksTalliesAndPlaysForSeeds2To200AreUnchanged) {
  const Digests d = compute_digests();
  EXPECT_EQ(d.books.hex(), kPinnedBooks) << "the rule books' JSON changed";
  for (std::size_t i = 0; i < Catalog::size; ++i) {
    ASSERT_EQ(kPinned[i].id, Catalog::infos[i].id);
    EXPECT_EQ(d.rules[i].hex(), kPinned[i].rules) << Catalog::infos[i].name << ": rules' JSON changed";
    EXPECT_EQ(d.reports[i].hex(), kPinned[i].reports) << Catalog::infos[i].name << ": tries or tallies changed";
    EXPECT_EQ(d.plays[i].hex(), kPinned[i].plays) << Catalog::infos[i].name << ": hints or outcomes changed";
  }
}

}  // namespace
}  // namespace proven::bomb::digest_test
