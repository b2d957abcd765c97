#!/bin/sh
# The Gomoku network's pipeline end to end, CI-sized: a few self-play games, two epochs of
# training on Debian's python3-torch (batches of 32, so that the correction moves off its start
# at zero by more than one step's worth), the engine's logits against the trainer's (and a
# narrower network's, which the build reads padded with zero features), and a game
# move and a bench search with the network (whose node count must differ from the hand-made
# evaluation's: the network steered them; so must the network built into sente).
#   gomoku_net_pipeline_test.sh SENTE REPOSITORY
set -eu
sente=$1
root=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

"$sente" train gomoku-selfplay "$work/games.txt" --games 16 --nodes 2000 --seed 5
/usr/bin/python3 "$root/scripts/train-gomoku-net" "$work/net.bin" "$work/games.txt" \
    --epochs 2 --batch 32 --holdout-every 4 --check "$work/check.txt" --threads 1
"$sente" train gomoku-net-check "$work/check.txt" --network "$work/net.bin"
# A narrower network than the build's (--view-features) reads with its missing features zero:
# the engine must still compute the trainer's logits (a larger step, so that a misplaced
# feature would show beyond the tolerance).
/usr/bin/python3 "$root/scripts/train-gomoku-net" "$work/narrow.bin" "$work/games.txt" \
    --epochs 2 --batch 32 --holdout-every 4 --check "$work/narrow.txt" --threads 1 \
    --view-features 8 --rate 0.02
"$sente" train gomoku-net-check "$work/narrow.txt" --network "$work/narrow.bin"

move=$(printf 'START 15\nBEGIN\nEND\n' |
       "$sente" --quiet --network "$work/net.bin" --movetime 200 gomocup | tail -n 1 | tr -d '\r')
echo "first move with the network: $move"
echo "$move" | grep -Eq '^[0-9]+,[0-9]+$'

signature() { "$@" | sed -n 's/^signature //p'; }
with=$(signature "$sente" bench --game gomoku --depth 5 --network "$work/net.bin")
without=$(signature "$sente" bench --game gomoku --depth 5 --network none)
shipped=$(signature "$sente" bench --game gomoku --depth 5)
echo "bench signatures: with the network $with, the hand-made evaluation $without," \
     "the network built into sente $shipped"
[ -n "$with" ] && [ -n "$without" ] && [ -n "$shipped" ]
[ "$with" != "$without" ] && [ "$shipped" != "$without" ]
