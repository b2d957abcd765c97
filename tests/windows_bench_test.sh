#!/bin/sh
# The Windows executables search as the Linux binary does: sente.exe gives the Linux bench's
# node signature in every game, and pbrain-sente.exe, the Gomocup brain built without Othello's
# data (CMakeLists.txt, SENTE_GOMOCUP_BRAIN), in freestyle and renju, with both networks in.
# usage: windows_bench_test.sh WINE SENTE_EXE PBRAIN_EXE LINUX_SENTE
set -eu
wine=$1 windows=$2 brain=$3 linux=$4
signature() { "$@" | tr -d '\r' | tail -n 1; }
status=0
check() {
    game=$1; shift
    expected=$(signature "$linux" bench --game "$game" --depth 7)
    for exe in "$@"; do
        got=$(signature "$wine" "$exe" bench --game "$game" --depth 7)
        if [ "$got" = "$expected" ]; then
            echo "$(basename "$exe") bench --game $game: $got"
        else
            echo "$(basename "$exe") bench --game $game: '$got', Linux '$expected'"; status=1
        fi
    done
}
check othello "$windows"
check soldiers "$windows"
check gomoku "$windows" "$brain"
check renju "$windows" "$brain"
exit $status
