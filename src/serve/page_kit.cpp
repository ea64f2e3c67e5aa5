#include "serve/page_kit.hpp"

#include <cctype>

#include <fmt/format.h>

#include "core/svg.hpp"

namespace proven::serve {

std::string Layout::page(const std::string& title, const std::string& body_attributes, const std::string& main,
                         const std::string& head) const {
  std::string nav = "<a href=\"/\">proven</a>";
  for (const NavLink& link : links_) nav += fmt::format(" <a href=\"{}\">{}</a>", link.href, xml_escape(link.text));
  return fmt::format(
      "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
      "<title>{} · proven</title><link rel=\"stylesheet\" href=\"/assets/site.css\">{}</head>\n"
      "<body{}><header>{}</header>\n<main>\n{}</main></body></html>\n",
      xml_escape(title), head, body_attributes, nav, main);
}

std::string script_json(const nlohmann::json& value) {
  // Invalid UTF-8 echoed from a URL (a move's words) is replaced, not thrown over.
  std::string text = value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  for (std::size_t at = text.find("</"); at != std::string::npos; at = text.find("</", at + 3))
    text.replace(at, 2, "<\\/");
  return text;
}

std::string url_encode(const std::string& text) {
  std::string out;
  for (const unsigned char c : text) {
    if (std::isalnum(c) || c == '-' || c == '_' || c == '.' || c == '~')
      out += static_cast<char>(c);
    else
      out += fmt::format("%{:02X}", c);
  }
  return out;
}

}  // namespace proven::serve
