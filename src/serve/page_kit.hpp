#pragma once
// What every page of `proven serve` is made with, the server's own and a game's web extension's
// (extension.hpp): the frame with the header, and the escaping every page needs.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace proven::serve {

struct NavLink {
  std::string href, text;
};

// Every page's frame: the header with a link per game (from the one list, in its order), the
// style, `main` inside.
class Layout {
 public:
  explicit Layout(std::vector<NavLink> links) : links_(std::move(links)) {}
  // `head`: more for the page's <head> (a game's own stylesheet, from its web extension).
  std::string page(const std::string& title, const std::string& body_attributes, const std::string& main,
                   const std::string& head = {}) const;

 private:
  std::vector<NavLink> links_;
};

// A JSON value for inside <script type="application/json"> ("</" escaped, so it cannot end the
// element early; invalid UTF-8 replaced).
std::string script_json(const nlohmann::json& value);

// "a b&c" -> "a%20b%26c": a query value.
std::string url_encode(const std::string& text);

}  // namespace proven::serve
