#!/usr/bin/env bash
# Installs what proven needs to build and test, from Debian packages only. Non-interactive and
# idempotent: packages already present are skipped, and with nothing missing it touches nothing.
set -euo pipefail

packages=(
  cmake ninja-build g++ pkg-config
  ccache         # rebuilds only what changed, across clones (scripts/test.sh)
  clang-format   # scripts/check-format.sh, run by scripts/test.sh
  nlohmann-json3-dev libcli11-dev libfmt-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  libxml2-utils  # xmllint: the tests check the HTML manual is well-formed
  libz3-dev      # z3: the whodunnit tests cross-check uniqueness with an independent solver
  clang libclang-rt-dev  # libFuzzer: scripts/fuzz.sh builds the fuzz targets with clang
  libboost-dev           # `proven serve`: Boost.Beast on Asio (docs/serve.md, "Foundation")
  libcpp-httplib-dev     # the HTTP client of the server's tests and benchmarks
  libsqlite3-dev         # `proven serve --runs`: the bomb leaderboard of verified runs
  libicu-dev             # players' names: Unicode NFC and character classes (docs/serve.md)
  chromium chromium-driver python3-selenium  # the browser tests of `proven serve`
  poppler-utils          # pdfinfo, pdftotext: the test that prints the bomb manual reads every page
  wrk                    # bench/serve.sh: the server under load
  libopenmpi-dev openmpi-bin  # sweeps over MPI ranks (docs/distributed.md)
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages present"
  exit 0
fi

sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
echo "install-deps: installing ${missing[*]}"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
