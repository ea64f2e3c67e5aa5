#include "core/ranks.hpp"

#include <charconv>
#include <cstdlib>
#include <cstring>
#include <string_view>

namespace proven {
namespace {

// A launcher's variable as a number; -1 if unset or not a plain decimal number.
int environment_number(const char* name) {
  const char* text = std::getenv(name);
  if (text == nullptr) return -1;
  const std::size_t length = std::strlen(text);
  int value = -1;
  const auto [end, error] = std::from_chars(text, text + length, value);
  return error == std::errc() && end == text + length ? value : -1;
}

Ranks read_ranks() {
  static constexpr std::pair<const char*, const char*> kLaunchers[] = {
      {"OMPI_COMM_WORLD_RANK", "OMPI_COMM_WORLD_SIZE"},
      {"PMI_RANK", "PMI_SIZE"},
      // srun's own launch (`srun --mpi=pmix`): PMIx names the rank, the step its task count.
      // Not SLURM_PROCID/SLURM_NTASKS: a batch script has them too, as rank 0 of N, before
      // any srun, and a plain run there must stay a plain run.
      {"PMIX_RANK", "SLURM_STEP_NUM_TASKS"},
  };
  for (const auto& [rank_name, size_name] : kLaunchers) {
    const int rank = environment_number(rank_name);
    const int size = environment_number(size_name);
    if (rank >= 0 && size > rank) return {.rank = rank, .size = size};
  }
  return {};
}

}  // namespace

const Ranks& launched_ranks() {
  static const Ranks ranks = read_ranks();
  return ranks;
}

bool built_with_mpi() {
#ifdef PROVEN_MPI
  return true;
#else
  return false;
#endif
}

}  // namespace proven
