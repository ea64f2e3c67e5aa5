#include "whodunnit/grammar.hpp"

#include <algorithm>
#include <array>
#include <functional>
#include <map>
#include <utility>

#include <fmt/format.h>

#include "core/check.hpp"

namespace proven::whodunnit {
namespace {

// ---------------------------------------------------------------------------------------------
// The rules. Each entry: a rule name and its alternatives. Term forms come per role
// ("is.family"); a role without its own entry falls back to the plain rule name.
//
// Forms of a trait term X (what each says of one suspect or of the suspects who hold X):
//   is / is_not       "is a Caine" / "is not a Caine"           (after a singular subject)
//   are               "are Caines"                              (after a plural subject)
//   they_not          "are not a Caine"                         (after "they")
//   be                "be a Caine"                              (after "cannot both")
//   am / am_not       "am a Caine" / "am no Caine"              (after "I")
//   noun / nouns      "Caine" / "Caines"                        (after "no", "exactly two")
//   the_one           "the only Caine"                          (only if one suspect holds X)
//   the_all           "both Caines", "all three Caines"         (only if several hold X)
//   was_in / where    "was in the library" / "in the library"   (rooms only)
// ---------------------------------------------------------------------------------------------
const std::vector<std::pair<std::string_view, std::vector<std::string_view>>> kRules = {
    // Referring to suspects: always "suspect k", the one name the case text gives the sitter in
    // portrait k (a second name for the same number reads as a second person).
    {"suspect", {"suspect {n}"}},
    {"said", {"suspect {n} says:", "suspect {n}:", "suspect {n} insists:", "suspect {n} recalls:"}},

    {"is.given-name", {"is called {v}", "goes by the name of {v}", "is {v}"}},
    {"is.family", {"is {a} {v}", "belongs to the {v} family", "[.>1]is one of the {p}"}},
    {"is.honorific", {"[.=1]is the {v}", "is {a} {v}", "bears the title of {v}"}},
    {"is.place", {"was in the {v}", "spent the evening in the {v}", "was seen in the {v}"}},
    {"is.trait", {"has {c} {v}"}},

    {"is_not.given-name", {"is not called {v}", "is not {v}"}},
    {"is_not.family", {"is not {a} {v}", "is no {v}", "does not belong to the {v} family"}},
    {"is_not.honorific", {"[.=1]is not the {v}", "is not {a} {v}", "is no {v}"}},
    {"is_not.place", {"was not in the {v}", "never set foot in the {v}", "was nowhere near the {v}"}},
    {"is_not.trait", {"does not have {c} {v}"}},

    {"are.given-name", {"are called {v}"}},
    {"are.family", {"are {p}", "belong to the {v} family"}},
    {"are.honorific", {"are {p}"}},
    {"are.place", {"were in the {v}", "spent the evening in the {v}"}},
    {"are.trait", {"have {c} {v}"}},

    {"they_not.given-name", {"are not called {v}"}},
    {"they_not.family", {"are not {a} {v}", "are no {v}"}},
    {"they_not.honorific", {"[.=1]are not the {v}", "are not {a} {v}"}},
    {"they_not.place", {"were not in the {v}", "never set foot in the {v}"}},
    {"they_not.trait", {"do not have {c} {v}"}},

    {"be.given-name", {"be called {v}"}},
    {"be.family", {"be {a} {v}"}},
    {"be.honorific", {"[.=1]be the {v}", "be {a} {v}"}},
    {"be.place", {"have been in the {v}"}},
    {"be.trait", {"have {c} {v}"}},

    {"am.given-name", {"am {v}", "am called {v}", "go by the name of {v}"}},
    {"am.family", {"am {a} {v}", "belong to the {v} family"}},
    {"am.honorific", {"[.=1]am the {v}", "am {a} {v}"}},
    {"am.place", {"was in the {v}", "spent the evening in the {v}"}},
    {"am.trait", {"have {c} {v}"}},

    {"am_not.given-name", {"am not {v}", "am not called {v}"}},
    {"am_not.family", {"am not {a} {v}", "am no {v}"}},
    {"am_not.honorific", {"[.=1]am not the {v}", "am no {v}"}},
    {"am_not.place", {"was not in the {v}", "never went near the {v}"}},
    {"am_not.trait", {"do not have {c} {v}"}},

    {"noun.given-name",
     {"[.>1]person called {v}", "[.>1]guest called {v}"}},  // "no person called Abigail": only if several are
    {"noun.family", {"{v}", "member of the {v} family"}},
    {"noun.honorific", {"{v}"}},
    {"noun.place", {"person in the {v}", "guest in the {v}"}},
    {"noun.trait", {"person with {c} {v}"}},

    {"nouns.given-name", {"[.>1]people called {v}"}},
    {"nouns.family", {"{p}", "members of the {v} family"}},
    {"nouns.honorific", {"{p}"}},
    {"nouns.place", {"people in the {v}", "guests in the {v}"}},
    {"nouns.trait", {"people with {c} {v}"}},

    {"the_one.given-name", {"[.=1]{v}"}},
    {"the_one.family", {"[.=1]the only {v}", "[.=1]the one {v}"}},
    {"the_one.honorific", {"[.=1]the {v}", "[.=1]the only {v}"}},
    {"the_one.place", {"[.=1]the one guest in the {v}", "[.=1]whoever was in the {v}"}},
    {"the_one.trait", {"[.=1]the one person with {c} {v}"}},

    {"the_all", {"[.=2]both <nouns>", "[.=2]the two <nouns>", "[.>2]all {N} <nouns>", "[.>2]the {N} <nouns>"}},

    {"was_in.place", {"was in the {v}", "spent the evening in the {v}"}},
    {"where.place", {"in the {v}"}},

    // One rule per kind (statement.hpp), named as Clue::kind.
    {"identity", {"^<suspect:S> <is:A>.", "[A=1]^<the_one:A> is <suspect:S>."}},
    {"not_identity", {"^<suspect:S> <is_not:A>.", "[A=1]^<the_one:A> is not <suspect:S>."}},
    {"not_both", {"^if <suspect:S> <is:A>, they <they_not:B>.", "^<suspect:S> cannot both <be:A> and <be:B>."}},
    {"same_person", {"^<the_one:A> <is:B>."}},
    {"every", {"^<the_all:A> <are:B>.", "[A>1]^every <noun:A> <is:B>."}},
    {"never_together",
     {"[A=1]^<the_one:A> <is_not:B>.", "[A>1]^no <noun:A> <is:B>.", "[A>1]^none of the <nouns:A> <are:B>.",
      "[A>1]^not one <noun:A> <is:B>."}},
    {"exactly",
     {"[K=1]^exactly one <noun:A> <is:B>.", "[K=1]^only one <noun:A> <is:B>.", "[K>1]^exactly {k} <nouns:A> <are:B>.",
      "[K>1]^precisely {k} <nouns:A> <are:B>."}},
    {"at_most",
     {"[K=1]^no more than one <noun:A> <is:B>.", "[K=1]^at most one <noun:A> <is:B>.",
      "[K>1]^no more than {k} <nouns:A> <are:B>.", "[K>1]^at most {k} <nouns:A> <are:B>."}},
    {"at_least",
     {"[K=1]^at least one <noun:A> <is:B>.", "[K>1]^at least {k} <nouns:A> <are:B>.",
      "[K>1]^no fewer than {k} <nouns:A> <are:B>."}},

    {"i_am", {"^<said:L> \"I <am:A>.\""}},
    {"i_am_not", {"^<said:L> \"I <am_not:A>.\""}},
    {"beside_none",
     {"^<said:L> \"I sat beside no <noun:A>.\"", "^<said:L> \"Neither of my neighbours <is:A>.\"",
      "^<said:L> \"Neither person beside me <is:A>.\"", "[A=1]^<said:L> \"^<the_one:A> did not sit beside me.\""}},
    {"beside_both", {"^<said:L> \"Both my neighbours <are:A>.\"", "^<said:L> \"I sat between two <nouns:A>.\""}},
    {"on_my_left",
     {"[A=1]^<said:L> \"^<the_one:A> sat on my left.\"", "^<said:L> \"The person on my left <is:A>.\"",
      "^<said:L> \"My left-hand neighbour <is:A>.\""}},
    {"on_my_right",
     {"[A=1]^<said:L> \"^<the_one:A> sat on my right.\"", "^<said:L> \"The person on my right <is:A>.\"",
      "^<said:L> \"My right-hand neighbour <is:A>.\""}},
    {"room_none",
     {"^<said:L> \"I <was_in:A>, and no <noun:B> was there.\"",
      "^<said:L> \"I <was_in:A>, and there was not a single <noun:B> there.\"",
      "[B=1]^<said:L> \"I <was_in:A>, and <the_one:B> was not there.\""}},
    {"room_all",
     {"^<said:L> \"Everyone <where:A>, myself included, <is:B>.\"",
      "^<said:L> \"I <was_in:A>, and everyone there, myself included, <is:B>.\""}},

    {"question",
     {"^the murderer was <the_one:A>. Which suspect is the murderer, and what is their full name ({F})?",
      "^it was <the_one:A> who did it. Which suspect did it, and what is their full name ({F})?",
      "^the police are sure of one thing: the killer was <the_one:A>. Which suspect is the killer, and what is "
      "their full name ({F})?"}},
    {"question_portrait",
     {"^the murderer is <suspect:S>. What is their full name ({F})?",
      "^it was <suspect:S> who did it. What is their full name ({F})?",
      "^the police are sure of one thing: the killer was <suspect:S>. What is their full name ({F})?"}},
};

constexpr std::array<std::string_view, 13> kCountWords = {"no",    "one",   "two",  "three", "four",   "five",  "six",
                                                          "seven", "eight", "nine", "ten",   "eleven", "twelve"};

// ---------------------------------------------------------------------------------------------
// Compiled form.
// ---------------------------------------------------------------------------------------------
struct Token {
  enum class Type { Text, Ref, Slot, Cap };
  Type type = Type::Text;
  std::string text;  // literal text, rule name, or slot letter
  char var = 0;      // Ref: the variable it makes current (0: keep the current one)
};

struct Condition {
  char var = '.';
  char op = '=';
  int value = 0;
};

struct Alternative {
  std::vector<Condition> conditions;
  std::vector<Token> tokens;
};

Alternative compile(std::string_view text) {
  Alternative alt;
  std::size_t i = 0;
  while (i < text.size() && text[i] == '[') {
    const std::size_t close = text.find(']', i);
    PROVEN_CHECK(close != std::string_view::npos && close - i == 4, "grammar: malformed condition");
    alt.conditions.push_back({.var = text[i + 1], .op = text[i + 2], .value = text[i + 3] - '0'});
    i = close + 1;
  }
  std::string literal;
  auto flush = [&] {
    if (!literal.empty()) alt.tokens.push_back({.type = Token::Type::Text, .text = std::move(literal), .var = 0});
    literal.clear();
  };
  while (i < text.size()) {
    const char ch = text[i];
    if (ch == '<') {
      flush();
      const std::size_t close = text.find('>', i);
      PROVEN_CHECK(close != std::string_view::npos, "grammar: unclosed <");
      const std::string_view inner = text.substr(i + 1, close - i - 1);
      const std::size_t colon = inner.find(':');
      Token ref{.type = Token::Type::Ref, .text = std::string(inner.substr(0, colon)), .var = 0};
      if (colon != std::string_view::npos) ref.var = inner[colon + 1];
      alt.tokens.push_back(std::move(ref));
      i = close + 1;
    } else if (ch == '{') {
      flush();
      PROVEN_CHECK(i + 2 < text.size() && text[i + 2] == '}', "grammar: malformed slot");
      alt.tokens.push_back({.type = Token::Type::Slot, .text = std::string(1, text[i + 1]), .var = 0});
      i += 3;
    } else if (ch == '^') {
      flush();
      alt.tokens.push_back({.type = Token::Type::Cap, .text = {}, .var = 0});
      ++i;
    } else {
      literal += ch;
      ++i;
    }
  }
  flush();
  return alt;
}

using Rules = std::map<std::string, std::vector<Alternative>, std::less<>>;

const Rules& rules() {
  static const Rules compiled = [] {
    Rules r;
    for (const auto& [name, alternatives] : kRules)
      for (const std::string_view alt : alternatives) r[std::string(name)].push_back(compile(alt));
    return r;
  }();
  return compiled;
}

// ---------------------------------------------------------------------------------------------
// Bindings of the variables, shared by rendering and parsing.
// ---------------------------------------------------------------------------------------------
constexpr Term kUnbound{.category = -1, .value = -1};

struct Bindings {
  int S = -1;
  int L = -1;
  int K = -1;
  Term A = kUnbound;
  Term B = kUnbound;
  std::vector<Condition> pending;  // parsing: conditions on variables not yet bound
  bool capitalise = false;         // the next letter is capitalised
};

bool is_term_var(char v) { return v == 'A' || v == 'B'; }
bool is_suspect_var(char v) { return v == 'S' || v == 'L'; }

Term& term(Bindings& b, char v) { return v == 'A' ? b.A : b.B; }
Term term(const Bindings& b, char v) { return v == 'A' ? b.A : b.B; }
int& suspect(Bindings& b, char v) { return v == 'S' ? b.S : b.L; }
int suspect(const Bindings& b, char v) { return v == 'S' ? b.S : b.L; }

bool bound(const Bindings& b, char v) {
  if (is_term_var(v)) return term(b, v).category >= 0;
  if (is_suspect_var(v)) return suspect(b, v) >= 0;
  if (v == 'K') return b.K >= 0;
  return false;
}

std::string_view role_of(const Setup& setup, Term t) { return role_name(setup.categories[at(t.category)].role); }

// A category's own forms, compiled once per thread (keyed by their text: a setup is a value, and
// the same theme's phrases come back in every case drawn from it).
const std::vector<Alternative>* own_phrases(const Setup& setup, Term t, std::string_view form) {
  const PhraseForms& phrases = setup.categories[at(t.category)].phrases;
  const auto it = phrases.find(form);
  if (it == phrases.end()) return nullptr;
  thread_local std::map<std::string, std::vector<Alternative>, std::less<>> compiled;
  std::string key;
  for (const std::string& alternative : it->second) key += alternative + '\n';
  auto [entry, fresh] = compiled.try_emplace(key);
  if (fresh)
    for (const std::string& alternative : it->second) entry->second.push_back(compile(alternative));
  return &entry->second;
}

int count_in_setup(const Setup& setup, Term t) { return setup.categories[at(t.category)].values[at(t.value)].count; }

// The number a condition tests (the variable must be bound).
int condition_value(const Setup& setup, const Bindings& b, char v) {
  if (is_term_var(v)) return count_in_setup(setup, term(b, v));
  if (v == 'K') return b.K;
  return suspect(b, v);
}

bool test(const Condition& c, int value) {
  if (c.op == '=') return value == c.value;
  if (c.op == '<') return value < c.value;
  return value > c.value;
}

const std::vector<Alternative>* resolve(const Setup& setup, const Bindings& b, std::string_view name, char var) {
  const Rules& r = rules();
  if (is_term_var(var) && bound(b, var)) {
    if (const std::vector<Alternative>* own = own_phrases(setup, term(b, var), name)) return own;
    const std::string qualified = std::string(name) + "." + std::string(role_of(setup, term(b, var)));
    if (const auto it = r.find(qualified); it != r.end()) return &it->second;
  }
  if (const auto it = r.find(name); it != r.end()) return &it->second;
  return nullptr;
}

// "title, forename and surname": the categories a full name is made of, in the order it is said.
std::string full_name_parts(const Setup& setup) {
  std::vector<std::string_view> parts;
  for (const Role role : {Role::Honorific, Role::GivenName, Role::Family})
    for (const Category& category : setup.categories)
      if (category.role == role) parts.push_back(category.name);
  std::string out;
  for (std::size_t i = 0; i < parts.size(); ++i)
    out += std::string(i == 0 ? "" : i + 1 == parts.size() ? " and " : ", ") + std::string(parts[i]);
  return out;
}

// What a slot reads, given bound variables.
std::string slot_text(const Setup& setup, const Bindings& b, char slot, char var) {
  switch (slot) {
    case 'v':
      return setup.categories[at(term(b, var).category)].values[at(term(b, var).value)].name;
    case 'c':
      return setup.categories[at(term(b, var).category)].name;
    case 'F':
      return full_name_parts(setup);
    case 'N':
      return std::string(count_word(count_in_setup(setup, term(b, var))));
    case 'n':
      return std::to_string(suspect(b, var) + 1);
    case 'k':
      return std::string(count_word(b.K));
    case 'p': {  // the plural of the current term's value name: Caines, Fairfaxes
      const std::string name = slot_text(setup, b, 'v', var);
      const bool sibilant = name.ends_with("s") || name.ends_with("x") || name.ends_with("z") || name.ends_with("ch") ||
                            name.ends_with("sh");
      return name + (sibilant ? "es" : "s");
    }
    case 'a': {  // the indefinite article before the current term's value name
      const char first = slot_text(setup, b, 'v', var)[0];
      return std::string_view("AEIOUaeiou").find(first) != std::string_view::npos ? "an" : "a";
    }
    default:
      PROVEN_CHECK(false, "grammar: unknown slot");
  }
  return {};
}

char resolve_var(char condition_var, char current) { return condition_var == '.' ? current : condition_var; }

// ---------------------------------------------------------------------------------------------
// Rendering.
// ---------------------------------------------------------------------------------------------
class Renderer {
 public:
  Renderer(const Setup& setup, Bindings bindings) : setup_(setup), b_(std::move(bindings)) {}

  bool viable_rule(std::string_view name, char var) const {
    const std::vector<Alternative>* alts = resolve(setup_, b_, name, var);
    if (!alts) return false;
    for (const Alternative& alt : *alts)
      if (viable(alt, var)) return true;
    return false;
  }

  std::string expand_rule(std::string_view name, char var, Rng& rng) {
    const std::vector<Alternative>* alts = resolve(setup_, b_, name, var);
    PROVEN_CHECK(alts != nullptr, "grammar: no rule to render");
    std::vector<const Alternative*> choices;
    for (const Alternative& alt : *alts)
      if (viable(alt, var)) choices.push_back(&alt);
    PROVEN_CHECK(!choices.empty(), "grammar: no alternative renders");
    return expand_alternative(*choices[at(static_cast<int>(rng.below(choices.size())))], var, rng);
  }

  bool viable_alternative(const Alternative& alt, char var) const { return viable(alt, var); }

  std::string expand_alternative(const Alternative& alt, char var, Rng& rng) {
    std::string out;
    for (const Token& t : alt.tokens) {
      switch (t.type) {
        case Token::Type::Text:
          emit(out, t.text);
          break;
        case Token::Type::Slot:
          emit(out, slot_text(setup_, b_, t.text[0], var));
          break;
        case Token::Type::Cap:
          b_.capitalise = true;
          break;
        case Token::Type::Ref: {
          const std::string inner = expand_rule(t.text, t.var ? t.var : var, rng);
          out += inner;
          break;
        }
      }
    }
    return out;
  }

 private:
  bool viable(const Alternative& alt, char var) const {
    for (const Condition& c : alt.conditions) {
      const char v = resolve_var(c.var, var);
      if (!bound(b_, v) || !test(c, condition_value(setup_, b_, v))) return false;
    }
    for (const Token& t : alt.tokens) {
      if (t.type != Token::Type::Ref) continue;
      const char v = t.var ? t.var : var;
      if ((is_term_var(v) || is_suspect_var(v)) && !bound(b_, v)) return false;
      if (!viable_rule(t.text, v)) return false;
    }
    return true;
  }

  void emit(std::string& out, std::string_view text) {
    if (text.empty()) return;
    std::string s(text);
    if (b_.capitalise && s[0] >= 'a' && s[0] <= 'z') s[0] = static_cast<char>(s[0] - 'a' + 'A');
    b_.capitalise = false;
    out += s;
  }

  const Setup& setup_;
  Bindings b_;
};

Bindings bindings_of(const Statement& st) {
  Bindings b;
  b.S = st.subject;
  b.L = st.speaker;
  b.K = st.count;
  if (st.first.category >= 1) b.A = st.first;
  if (st.second.category >= 1) b.B = st.second;
  return b;
}

// ---------------------------------------------------------------------------------------------
// Parsing: backtracking over the same alternatives, binding variables as it meets them. Each
// continuation receives the bindings and the position reached.
// ---------------------------------------------------------------------------------------------
class Parser {
 public:
  using Continuation = std::function<void(const Bindings&, std::size_t)>;

  Parser(const Setup& setup, std::string_view sentence) : setup_(setup), s_(sentence) {}

  void match_rule(std::string_view name, char var, const Bindings& b, std::size_t pos, const Continuation& k) const {
    if ((is_term_var(var) || is_suspect_var(var)) && !bound(b, var)) {
      for (Bindings candidate : candidates(b, var)) match_bound_rule(name, var, candidate, pos, k);
      return;
    }
    match_bound_rule(name, var, b, pos, k);
  }

 private:
  std::vector<Bindings> candidates(const Bindings& b, char var) const {
    std::vector<Bindings> out;
    if (is_suspect_var(var)) {
      for (int s = 0; s < setup_.cast; ++s) {
        Bindings c = b;
        suspect(c, var) = s;
        out.push_back(std::move(c));
      }
      return out;
    }
    for (int category = 1; category < setup_.category_count(); ++category)
      for (int value = 0; value < setup_.value_count(category); ++value) {
        Bindings c = b;
        term(c, var) = {.category = category, .value = value};
        out.push_back(std::move(c));
      }
    return out;
  }

  void match_bound_rule(std::string_view name, char var, const Bindings& b, std::size_t pos,
                        const Continuation& k) const {
    const std::vector<Alternative>* alts = resolve(setup_, b, name, var);
    if (!alts) return;
    for (const Alternative& alt : *alts) {
      Bindings with = b;
      bool ok = true;
      for (const Condition& c : alt.conditions) {
        const char v = resolve_var(c.var, var);
        if (bound(with, v)) {
          ok = ok && test(c, condition_value(setup_, with, v));
        } else if (v == 'K' && c.op == '=') {
          with.K = c.value;  // "exactly one": the word binds the count
        } else {
          with.pending.push_back({.var = v, .op = c.op, .value = c.value});
        }
      }
      if (ok) match_tokens(alt.tokens, 0, var, with, pos, k);
    }
  }

  void match_tokens(const std::vector<Token>& tokens, std::size_t i, char var, const Bindings& b, std::size_t pos,
                    const Continuation& k) const {
    if (i == tokens.size()) {
      k(b, pos);
      return;
    }
    const Token& t = tokens[i];
    switch (t.type) {
      case Token::Type::Cap: {
        Bindings c = b;
        c.capitalise = true;
        match_tokens(tokens, i + 1, var, c, pos, k);
        return;
      }
      case Token::Type::Text:
        match_text(t.text, tokens, i, var, b, pos, k);
        return;
      case Token::Type::Slot: {
        if (t.text[0] == 'k' && !bound(b, 'K')) {
          for (int count = 0; count <= setup_.cast; ++count) {
            Bindings c = b;
            c.K = count;
            match_text(slot_text(setup_, c, 'k', var), tokens, i, var, c, pos, k);
          }
          return;
        }
        match_text(slot_text(setup_, b, t.text[0], var), tokens, i, var, b, pos, k);
        return;
      }
      case Token::Type::Ref: {
        const char inner_var = t.var ? t.var : var;
        match_rule(t.text, inner_var, b, pos,
                   [&](const Bindings& after, std::size_t end) { match_tokens(tokens, i + 1, var, after, end, k); });
        return;
      }
    }
  }

  // Matches `text` at pos (the first letter case-blind after ^), then the tokens after i.
  void match_text(std::string_view text, const std::vector<Token>& tokens, std::size_t i, char var, const Bindings& b,
                  std::size_t pos, const Continuation& k) const {
    if (text.empty()) {
      match_tokens(tokens, i + 1, var, b, pos, k);
      return;
    }
    if (s_.size() - pos < text.size()) return;
    for (std::size_t j = 0; j < text.size(); ++j) {
      char want = text[j];
      if (j == 0 && b.capitalise && want >= 'a' && want <= 'z') want = static_cast<char>(want - 'a' + 'A');
      if (s_[pos + j] != want) return;
    }
    Bindings c = b;
    c.capitalise = false;
    match_tokens(tokens, i + 1, var, c, pos + text.size(), k);
  }

  const Setup& setup_;
  std::string_view s_;
};

Statement statement_of(Kind kind, const Bindings& b) {
  Statement st{.kind = kind, .subject = b.S, .speaker = b.L, .first = {}, .second = {}, .count = 0};
  if (b.A.category >= 0) st.first = b.A;
  if (b.B.category >= 0) st.second = b.B;
  if (b.K >= 0) st.count = b.K;
  return st;
}

}  // namespace

std::string_view count_word(int k) {
  PROVEN_CHECK(k >= 0 && k < static_cast<int>(kCountWords.size()), "count word out of range");
  return kCountWords[at(k)];
}

bool expressible(const Setup& setup, const Statement& statement) {
  if (!well_formed(setup, statement)) return false;
  return Renderer(setup, bindings_of(statement)).viable_rule(kind_name(statement.kind), '.');
}

std::string render(const Setup& setup, const Statement& statement, Rng& rng) {
  PROVEN_CHECK(expressible(setup, statement), "render of an inexpressible statement");
  return Renderer(setup, bindings_of(statement)).expand_rule(kind_name(statement.kind), '.', rng);
}

std::vector<Statement> parse(const Setup& setup, std::string_view sentence) {
  std::vector<Statement> readings;
  const Parser parser(setup, sentence);
  for (int k = 0; k < kKindCount; ++k) {
    const Kind kind = static_cast<Kind>(k);
    parser.match_rule(kind_name(kind), '.', Bindings{}, 0, [&](const Bindings& b, std::size_t end) {
      if (end != sentence.size()) return;
      for (const Condition& c : b.pending)
        if (!bound(b, c.var) || !test(c, condition_value(setup, b, c.var))) return;
      const Statement st = statement_of(kind, b);
      if (!well_formed(setup, st)) return;
      for (const Statement& seen : readings)
        if (seen == st) return;
      readings.push_back(st);
    });
  }
  return readings;
}

Clue make_clue(const Setup& setup, const Statement& statement, Rng& rng) {
  Clue clue = clue_of(setup, statement);
  clue.prose = render(setup, statement, rng);
  return clue;
}

std::string murder_question(const Setup& setup, int murderer, std::optional<Term> unique_trait, Rng& rng) {
  Bindings b;
  b.S = murderer;
  if (unique_trait) b.A = *unique_trait;
  const std::string_view rule = unique_trait ? "question" : "question_portrait";
  Renderer renderer(setup, b);
  PROVEN_CHECK(renderer.viable_rule(rule, '.'), "murder question: the trait must be the murderer's alone");
  return renderer.expand_rule(rule, '.', rng);
}

std::vector<Term> question_readings(const Setup& setup, std::string_view sentence) {
  std::vector<Term> readings;
  const Parser parser(setup, sentence);
  for (const std::string_view rule : {std::string_view("question"), std::string_view("question_portrait")})
    parser.match_rule(rule, '.', Bindings{}, 0, [&](const Bindings& b, std::size_t end) {
      if (end != sentence.size()) return;
      for (const Condition& c : b.pending)
        if (!bound(b, c.var) || !test(c, condition_value(setup, b, c.var))) return;
      const Term named = rule == "question" ? b.A : Term{.category = kPortrait, .value = b.S};
      if (named.category < 0 || named.value < 0 || std::ranges::find(readings, named) != readings.end()) return;
      readings.push_back(named);
    });
  return readings;
}

const std::vector<std::string_view>& phrase_forms() {
  static const std::vector<std::string_view> forms = {"is",     "is_not", "are",   "they_not", "be",     "am",
                                                      "am_not", "noun",   "nouns", "the_one",  "was_in", "where"};
  return forms;
}

std::string phrase_problem(std::string_view alternative) {
  std::size_t i = 0;
  while (i < alternative.size() && alternative[i] == '[') {
    const bool well_formed = i + 4 < alternative.size() && alternative[i + 1] == '.' &&
                             std::string_view("=<>").find(alternative[i + 2]) != std::string_view::npos &&
                             alternative[i + 3] >= '0' && alternative[i + 3] <= '9' && alternative[i + 4] == ']';
    if (!well_formed) return "a condition is written [.=1], [.<3] or [.>1] (the value's count against one digit)";
    i += 5;
  }
  if (i == alternative.size()) return "no words after the conditions";
  bool has_value = false;
  for (; i < alternative.size(); ++i) {
    const char c = alternative[i];
    if (c == '{') {
      if (i + 2 >= alternative.size() || alternative[i + 2] != '}' ||
          std::string_view("vapN").find(alternative[i + 1]) == std::string_view::npos)
        return "a slot is {v} (the value), {a} (a or an before it), {p} (its plural) or {N} (its count as a word)";
      has_value = has_value || alternative[i + 1] != 'N';
      i += 2;
    } else if (c < 0x20 || c >= 0x7f || std::string_view("<>^[]}\"\\").find(c) != std::string_view::npos) {
      return fmt::format("'{}' is not allowed in a phrase (printable ASCII, no < > ^ [ ] {{ }} or quotes)", c);
    }
  }
  if (!has_value) return "names no value: a phrase says {v} or {p}";
  return {};
}

bool phrase_applies(std::string_view alternative, int count) {
  const Alternative compiled = compile(alternative);
  return std::ranges::all_of(compiled.conditions, [&](const Condition& c) { return test(c, count); });
}

std::string phrase(const Setup& setup, Term term, std::string_view form) {
  Bindings b;
  b.A = term;
  const std::vector<Alternative>* alts = resolve(setup, b, form, 'A');
  PROVEN_CHECK(alts != nullptr, "grammar: no phrase form");
  Rng first = Rng::from_seed(0);  // the first viable alternative, drawn from a one-element list
  for (const Alternative& alt : *alts) {
    Renderer one(setup, b);
    if (!one.viable_alternative(alt, 'A')) continue;
    return one.expand_alternative(alt, 'A', first);
  }
  PROVEN_CHECK(false, "grammar: no phrase renders");
  return {};
}

}  // namespace proven::whodunnit
