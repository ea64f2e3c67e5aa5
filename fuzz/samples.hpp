#pragma once
// Inputs the replay tool (replay_main.cpp) runs through a target besides its corpus, so every
// target is exercised on every build even before it has a corpus of its own: the generated
// document and moves targets give their game's contract fixture (fuzz/harness.hpp). Weak, so a
// target written by hand may leave it out.
#include <string>
#include <vector>

namespace proven::fuzz {

std::vector<std::string> samples() __attribute__((weak));

}  // namespace proven::fuzz
