#pragma once
// Which process of a distributed run this one is. A launcher (mpirun, srun) starts the same
// command once per rank and says so in the environment; reading that before MPI starts lets any
// command know at once whether it reports (rank 0, or a plain run) or only works, and lets the
// commands that cannot share work refuse politely. docs/distributed.md.
#include <string_view>

namespace proven {

struct Ranks {
  int rank = 0;  // this process: 0 is the lead, which reads and writes files and prints
  int size = 1;  // processes in the run; 1 for a plain run (or `mpirun -n 1`)
};

// From the launcher's environment: Open MPI's mpirun (OMPI_COMM_WORLD_RANK/SIZE), PMI launchers
// such as MPICH's hydra (PMI_RANK/SIZE), and Slurm's `srun --mpi=pmix` (PMIX_RANK and
// SLURM_STEP_NUM_TASKS). A plain run is {0, 1}. MPI itself confirms the figures once started.
const Ranks& launched_ranks();

// True in every process but the workers of a distributed run: the one that prints and writes.
inline bool lead_process() { return launched_ranks().rank == 0; }

// Whether this build can run a seed range over MPI ranks (configured with -DPROVEN_MPI=ON).
bool built_with_mpi();

}  // namespace proven
