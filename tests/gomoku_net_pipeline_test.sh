#!/bin/sh
# The Gomoku network's pipeline end to end, CI-sized: a few self-play games, two epochs of
# training on Debian's python3-torch (batches of 32, so that the correction moves off its start
# at zero by more than one step's worth), the engine's logits against the trainer's (and a
# narrower network's, which the build reads padded with zero features, and those of a network
# with a view for each colour), the move order's policy trained on the games' moves and checked
# alike, training resumed from a network file, and a game move and a bench search with the
# network (whose node count must differ from the hand-made evaluation's: the network steered
# them; so must the network built into sente).
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
    --view-features 8 --rate 0.02 --save "$work/narrow.pt"
"$sente" train gomoku-net-check "$work/narrow.txt" --network "$work/narrow.bin"
# With a line network for each colour's point of view (renju's --colour-views) the table's white
# halves are no longer its black halves' colour images; the engine reads it as any table and
# must compute the trainer's logits for both colours to move.
/usr/bin/python3 "$root/scripts/train-gomoku-net" "$work/colours.bin" "$work/games.txt" \
    --epochs 2 --batch 32 --holdout-every 4 --check "$work/colours.txt" --threads 1 \
    --view-features 8 --rate 0.02 --colour-views --save "$work/colours.pt"
"$sente" train gomoku-net-check "$work/colours.txt" --network "$work/colours.bin"
grep -q ' w ' "$work/colours.txt" && grep -q ' b ' "$work/colours.txt"
/usr/bin/python3 - "$root/scripts" "$work/colours.bin" <<'PY'
import sys
import numpy as np
sys.path.insert(0, sys.argv[1])
from netlib import network_file, resume
black, white = resume.views_of(network_file.read_network_file(sys.argv[2]))
if np.array_equal(black, white):
    sys.exit("--colour-views trained the same values for both colours")
PY

# The move order's policy: the self-play games as another engine's data set (each position's
# stones in an order that reaches it, and the move the game went on with), its quiet positions
# with their candidates, one epoch, the engine's order values against the trainer's.
/usr/bin/python3 - "$root/scripts" "$work/games.txt" "$work/records.txt" <<'PY'
import sys
sys.path.insert(0, sys.argv[1])
from netlib import data
def cells(text):
    board = data.parse_rows(text)
    return {(r, c): int(v) for (r, c), v in zip(zip(*board.nonzero()), board[board.nonzero()])}
def name(point):
    r, c = point
    return f"{chr(65 + c)}{r + 1}"
with open(sys.argv[2]) as f, open(sys.argv[3], "w") as out:
    lines = [line.split() for line in f if line.strip()]
    moves = None
    for this, after in zip(lines, lines[1:]):
        board, later = cells(this[0]), cells(after[0])
        if moves is None:
            # A game's first position: its stones, black's and white's in turn.
            black = [p for p, v in board.items() if v == 1]
            white = [p for p, v in board.items() if v == 2]
            moves = [m for pair in zip(black, white) for m in pair] + black[len(white):]
        if len(later) != len(board) + 1 or any(later.get(p) != v for p, v in board.items()):
            moves = None  # the next game starts
            continue
        added = [p for p in later if p not in board]
        result = {"1": 2, "0.5": 1, "0": 0}[this[3]]
        out.write(f"15,Freestyle,{''.join(map(name, moves))},{result},{name(added[0])}(0)\n")
        moves = moves + added
PY
"$sente" train gomoku-import --moves "$work/records.txt" -o "$work/moves.txt"
/usr/bin/python3 "$root/scripts/train-gomoku-policy" "$work/policy.bin" "$work/moves.txt" \
    --network "$work/net.bin" --epochs 1 --batch 32 --rate 0.05 --holdout-every 4 \
    --check "$work/policy.check" --threads 1
"$sente" train gomoku-policy-check "$work/policy.check" --network "$work/policy.bin"
/usr/bin/python3 "$root/scripts/train-gomoku-policy" "$work/colour-policy.bin" "$work/moves.txt" \
    --network "$work/net.bin" --epochs 1 --batch 32 --rate 0.05 --holdout-every 4 \
    --check "$work/colour-policy.check" --threads 1 --colour-views
"$sente" train gomoku-policy-check "$work/colour-policy.check" --network "$work/colour-policy.bin"

# Training goes on from a network file, as a new generation of the built-in network does. With
# no epoch, the built-in network read and written back must be the same bytes (its policy
# kept), and the narrow network read back must compute its logits (its check); an epoch more
# must move it and still match its own check.
/usr/bin/python3 "$root/scripts/train-gomoku-net" "$work/resumed.bin" "$work/games.txt" \
    --epochs 0 --holdout-every 4 --init "$root/src/games/gomoku/network.bin" --threads 1
cmp "$work/resumed.bin" "$root/src/games/gomoku/network.bin"
/usr/bin/python3 "$root/scripts/train-gomoku-net" "$work/resumed.bin" "$work/games.txt" \
    --epochs 0 --holdout-every 4 --init "$work/narrow.bin" --threads 1
"$sente" train gomoku-net-check "$work/narrow.txt" --network "$work/resumed.bin"
# A table with a view for each colour goes on so, read back to the same bytes, from the file
# or from its checkpoint; a checkpoint without them given --colour-views starts white's view
# as black's, so it too writes the same bytes.
/usr/bin/python3 "$root/scripts/train-gomoku-net" "$work/resumed.bin" "$work/games.txt" \
    --epochs 0 --holdout-every 4 --init "$work/colours.bin" --threads 1
cmp "$work/resumed.bin" "$work/colours.bin"
/usr/bin/python3 "$root/scripts/train-gomoku-net" "$work/resumed.bin" "$work/games.txt" \
    --epochs 0 --holdout-every 4 --init "$work/colours.pt" --view-features 8 --threads 1
cmp "$work/resumed.bin" "$work/colours.bin"
/usr/bin/python3 "$root/scripts/train-gomoku-net" "$work/resumed.bin" "$work/games.txt" \
    --epochs 0 --holdout-every 4 --init "$work/narrow.pt" --view-features 8 --colour-views \
    --threads 1
cmp "$work/resumed.bin" "$work/narrow.bin"
/usr/bin/python3 "$root/scripts/train-gomoku-net" "$work/further.bin" "$work/games.txt" \
    --epochs 1 --batch 32 --rate 0.02 --holdout-every 4 --init "$work/narrow.bin" \
    --check "$work/further.txt" --threads 1
"$sente" train gomoku-net-check "$work/further.txt" --network "$work/further.bin"
if cmp -s "$work/further.bin" "$work/narrow.bin"; then
    echo "an epoch from a network file left it unchanged" >&2
    exit 1
fi

# The lab's forms of the network (scripts/lab/gomoku-net-forms) each start as the identity: from
# the built-in network, every form's held-out losses before training are the file's, and an
# epoch of training moves them.
for form in plain conv point region; do
    /usr/bin/python3 "$root/scripts/lab/gomoku-net-forms" "$work/games.txt" --form "$form" \
        --init "$root/src/games/gomoku/network.bin" --epochs 1 --batch 32 --threads 1 \
        --rate 0.01 >"$work/form-$form.txt"
    sed -n "s/^$form epoch 0: //p" "$work/form-$form.txt" >"$work/start-$form.txt"
    sed -n "s/^$form epoch 1: \(held-out [0-9]* loss [0-9.]*\).*/\1/p" \
        "$work/form-$form.txt" >"$work/trained-$form.txt"
    [ -s "$work/start-$form.txt" ] && [ -s "$work/trained-$form.txt" ]
    cmp "$work/start-$form.txt" "$work/start-plain.txt"
    if [ "$(cut -d' ' -f1-4 "$work/start-$form.txt")" = "$(cat "$work/trained-$form.txt")" ]; then
        echo "an epoch left the $form form's loss where it started" >&2
        exit 1
    fi
done

move=$(printf 'START 15\nBEGIN\nEND\n' |
       "$sente" --quiet --network "$work/net.bin" --movetime 200 gomocup | tail -n 1 | tr -d '\r')
echo "first move with the network: $move"
echo "$move" | grep -Eq '^[0-9]+,[0-9]+$'

signature() { "$@" | sed -n 's/^signature //p'; }
with=$(signature "$sente" bench --game gomoku --depth 5 --network "$work/net.bin")
# A policy trained this little moves few points across the cut: a deeper search shows them.
policy_off=$(signature "$sente" bench --game gomoku --depth 7 --network "$work/net.bin")
with_policy=$(signature "$sente" bench --game gomoku --depth 7 --network "$work/policy.bin")
without=$(signature "$sente" bench --game gomoku --depth 5 --network none)
shipped=$(signature "$sente" bench --game gomoku --depth 5)
echo "bench signatures: with the network $with, the hand-made evaluation $without, the" \
     "network built into sente $shipped; at depth 7 the network $policy_off, with its" \
     "policy too $with_policy"
[ -n "$with" ] && [ -n "$without" ] && [ -n "$shipped" ] && [ -n "$policy_off" ] &&
    [ -n "$with_policy" ]
[ "$with" != "$without" ] && [ "$shipped" != "$without" ] && [ "$with_policy" != "$policy_off" ]
