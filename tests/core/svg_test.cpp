#include "core/svg.hpp"

#include <gtest/gtest.h>

namespace proven {
namespace {

TEST(Svg, EscapesTextAndWritesNumbersStably) {
  Svg svg(10, 20.5);
  svg.rect(0, 0, 1.25, 2, R"(fill="#000")").text(1, 2, "<a & b>", "");
  const std::string out = svg.str();
  EXPECT_NE(out.find(R"(viewBox="0 0 10 20.5")"), std::string::npos) << out;
  EXPECT_NE(out.find(R"(<rect x="0" y="0" width="1.25" height="2" fill="#000"/>)"), std::string::npos) << out;
  EXPECT_NE(out.find("&lt;a &amp; b&gt;"), std::string::npos) << out;
  EXPECT_EQ(out.rfind("</svg>\n"), out.size() - 7);
  EXPECT_EQ(svg.str(false).find("<?xml"), std::string::npos);
}

}  // namespace
}  // namespace proven
