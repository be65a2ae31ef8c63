#!/usr/bin/env bash
# Every fuzz target briefly (scripts/fuzz): the committed corpora, crash inputs included, are
# replayed and then mutated. LOOWI_FUZZ_SECONDS sets the time per target (default 8: eleven targets, every run).
set -uo pipefail
cd "$(dirname "$0")/../.."
scripts/fuzz --all --seconds "${LOOWI_FUZZ_SECONDS:-8}"
