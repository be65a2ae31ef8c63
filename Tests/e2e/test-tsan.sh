#!/usr/bin/env bash
# The thread sanitizer over the concurrency-heavy suites (scripts/tsan).
set -uo pipefail
cd "$(dirname "$0")/../.."
scripts/tsan
