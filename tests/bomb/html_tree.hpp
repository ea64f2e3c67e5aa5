#pragma once
// A strict little reader of the HTML manual for the tests: it accepts only well-formed markup
// (every element closed or self-closed, attributes quoted, `&` only in the five XML entities)
// and gives back a tree to query. Anything else throws with the byte offset.
#include <cctype>
#include <map>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace proven::bomb::testing {

struct Node {
  std::string tag;  // empty for a text node
  std::map<std::string, std::string> attributes;
  std::vector<Node> children;
  std::string text;  // a text node's text, entities decoded

  bool has_class(std::string_view name) const {
    const auto it = attributes.find("class");
    if (it == attributes.end()) return false;
    std::string padded(1, ' ');
    padded.append(it->second).push_back(' ');
    std::string wanted(1, ' ');
    wanted.append(name).push_back(' ');
    return padded.find(wanted) != std::string::npos;
  }
  // All text below this node, in document order, tags dropped (and, if asked, pictures' titles).
  std::string inner_text(bool skip_svg = false) const {
    if (tag.empty()) return text;
    std::string out;
    for (const Node& child : children)
      if (!(skip_svg && child.tag == "svg")) out += child.inner_text(skip_svg);
    return out;
  }
  // Every element below this node (not itself) whose tag is `name`, in document order.
  std::vector<const Node*> all(std::string_view name) const {
    std::vector<const Node*> out;
    collect(name, out);
    return out;
  }
  const Node* first(std::string_view name) const {
    const auto found = all(name);
    return found.empty() ? nullptr : found.front();
  }

 private:
  void collect(std::string_view name, std::vector<const Node*>& out) const {
    for (const Node& child : children) {
      if (child.tag == name) out.push_back(&child);
      child.collect(name, out);
    }
  }
};

class HtmlReader {
 public:
  // The document element of `html`, which must start with <!DOCTYPE html>.
  static Node parse(std::string_view html) {
    constexpr std::string_view kDoctype = "<!DOCTYPE html>\n";
    if (html.substr(0, kDoctype.size()) != kDoctype) throw std::runtime_error("no <!DOCTYPE html> at the start");
    HtmlReader reader(html, kDoctype.size());
    Node root;
    root.tag = "#document";
    reader.children_of(root);
    if (reader.at_ != html.size()) reader.fail("text after the document element");
    std::vector<Node> elements;
    for (Node& child : root.children)
      if (!child.tag.empty())
        elements.push_back(std::move(child));
      else if (child.text.find_first_not_of(" \n") != std::string::npos)
        reader.fail("text outside the document element");
    if (elements.size() != 1) reader.fail("not exactly one document element");
    return std::move(elements.front());
  }

 private:
  HtmlReader(std::string_view html, std::size_t at) : html_(html), at_(at) {}

  [[noreturn]] void fail(const std::string& what) const {
    throw std::runtime_error(what + " at byte " + std::to_string(at_));
  }

  std::string decode(std::string_view raw) const {
    static const std::map<std::string, char> kEntities = {
        {"amp", '&'}, {"lt", '<'}, {"gt", '>'}, {"quot", '"'}, {"apos", '\''}};
    std::string out;
    for (std::size_t i = 0; i < raw.size(); ++i) {
      if (raw[i] != '&') {
        out += raw[i];
        continue;
      }
      const auto semi = raw.find(';', i);
      const auto entity = semi == std::string_view::npos ? kEntities.end()
                                                         : kEntities.find(std::string(raw.substr(i + 1, semi - i - 1)));
      if (entity == kEntities.end()) fail("a bare & or an unknown entity");
      out += entity->second;
      i = semi;
    }
    return out;
  }

  // Reads children until the parent's closing tag (left unread) or the end.
  void children_of(Node& parent) {
    while (at_ < html_.size()) {
      if (html_[at_] != '<') {
        const auto next = html_.find('<', at_);
        const auto end = next == std::string_view::npos ? html_.size() : next;
        Node text;
        text.text = decode(html_.substr(at_, end - at_));
        parent.children.push_back(std::move(text));
        at_ = end;
        continue;
      }
      if (html_.substr(at_, 2) == "</") return;
      parent.children.push_back(element());
    }
  }

  Node element() {
    ++at_;  // '<'
    Node node;
    while (at_ < html_.size() && (std::isalnum(static_cast<unsigned char>(html_[at_])) || html_[at_] == '-'))
      node.tag += html_[at_++];
    if (node.tag.empty()) fail("a '<' that starts no element");
    for (;;) {
      while (at_ < html_.size() && (html_[at_] == ' ' || html_[at_] == '\n')) ++at_;
      if (at_ >= html_.size()) fail("an unterminated tag");
      if (html_.substr(at_, 2) == "/>") {
        at_ += 2;
        return node;
      }
      if (html_[at_] == '>') break;
      std::string name;
      while (at_ < html_.size() && html_[at_] != '=' && html_[at_] != ' ' && html_[at_] != '>') name += html_[at_++];
      if (html_.substr(at_, 2) != "=\"") fail("attribute " + name + " without a quoted value");
      at_ += 2;
      const auto close = html_.find('"', at_);
      if (close == std::string_view::npos) fail("an unterminated attribute value");
      if (html_.substr(at_, close - at_).find('<') != std::string_view::npos) fail("a '<' inside an attribute");
      if (!node.attributes.emplace(name, decode(html_.substr(at_, close - at_))).second)
        fail("attribute " + name + " given twice");
      at_ = close + 1;
    }
    ++at_;  // '>'
    children_of(node);
    const std::string closing = "</" + node.tag + ">";
    if (html_.substr(at_, closing.size()) != closing) fail("<" + node.tag + "> closed by something else");
    at_ += closing.size();
    return node;
  }

  std::string_view html_;
  std::size_t at_;
};

}  // namespace proven::bomb::testing
