#!/bin/sh
# The Othello network's pipeline end to end, CI-sized: self-play positions, their features, one
# epoch of training on Debian's python3-torch (small batches, so that the correction moves off
# its start at zero; two files, neither a whole number of batches, whose short last batches the
# learning-rate schedule must count), the engine's errors with the network against the trainer's
# (the same positions: sente's integer inference must give the trainer's values), and a game move
# and a bench search with the network, whose node count must differ from the patterns' alone (and
# so must the network built into sente's). A second run goes on from the file the first wrote
# (--init): it must start from the first run's held-out errors, and its own epoch must move them.
#   othello_net_pipeline_test.sh SENTE REPOSITORY
set -eu
sente=$1
root=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

"$sente" train selfplay "$work/train.txt" --games 24 --level 4 --seed 3 --solve-empties 10
"$sente" train selfplay "$work/train-2.txt" --games 7 --level 4 --seed 5 --solve-empties 10
"$sente" train selfplay "$work/holdout.txt" --games 6 --level 4 --seed 4 --solve-empties 10
"$sente" train othello-features "$work/train.txt" -o "$work/train.otf"
"$sente" train othello-features "$work/train-2.txt" -o "$work/train-2.otf"
"$sente" train othello-features "$work/holdout.txt" -o "$work/holdout.otf"
/usr/bin/python3 "$root/scripts/train-othello-net" "$work/net.bin" --train "$work/train.otf" \
    "$work/train-2.otf" --holdout "$work/holdout.otf" --epochs 1 --batch 16 \
    --learning-rate 0.01 --threads 1 |
    tee "$work/trainer.txt"
/usr/bin/python3 "$root/scripts/train-othello-net" "$work/net-2.bin" --train "$work/train.otf" \
    --holdout "$work/holdout.otf" --epochs 1 --batch 16 --learning-rate 0.01 --threads 1 \
    --init "$work/net.bin" |
    tee "$work/trainer-2.txt"
"$sente" train error "$work/holdout.txt" --network "$work/net.bin" | tee "$work/sente.txt"
"$sente" train error "$work/holdout.txt" | tee "$work/linear.txt"

# The trainer's rows "| linear | e1 | ... |" and "| 1 | e1 | ... | mse | s |", against sente's
# table "| a-b | positions | rmse |" (a band without positions: "-" in sente's, 0.00 in the
# trainer's).
python3 - "$work" <<'PY'
import sys
work = sys.argv[1]
def trainer_row(name, output="trainer.txt"):
    for line in open(f"{work}/{output}"):
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if cells[0] == name:
            return [float(c) for c in cells[1:13]]
    sys.exit(f"no row {name} in the trainer's output")
def sente_column(path):
    rows = [l for l in open(path) if l.startswith("| ") and "-" in l.split("|")[1]
            and l.split("|")[1].strip()[0].isdigit()]
    return [0.0 if r.split("|")[3].strip() == "-" else float(r.split("|")[3]) for r in rows]
for name, path in (("linear", "linear.txt"), ("1", "sente.txt")):
    ours, theirs = trainer_row(name), sente_column(f"{work}/{path}")
    assert len(theirs) == 12, theirs
    worst = max(abs(a - b) for a, b in zip(ours, theirs))
    print(f"{name}: trainer {ours}\n{'':{len(name)}}  sente   {theirs}\n  largest difference {worst:.2f}")
    assert worst <= 0.011, f"sente's errors are not the trainer's ({name})"
changed = trainer_row("1") != trainer_row("linear")
assert changed, "the network changed no error: it learnt nothing"
assert trainer_row("--init", "trainer-2.txt") == trainer_row("1"), "--init did not start from the file"
assert trainer_row("1", "trainer-2.txt") != trainer_row("1"), "training from --init learnt nothing"
PY

move=$(printf 'boardsize 8\nclear_board\ngenmove b\nquit\n' |
       "$sente" --quiet --game othello --network "$work/net.bin" --no-book --movetime 200 gtp |
       sed -n 's/^= \(..\)$/\1/p')
echo "first move with the network: $move"
echo "$move" | grep -Eiq '^[a-h][1-8]$'

signature() { "$@" | sed -n 's/^signature //p'; }
with=$(signature "$sente" bench --game othello --depth 6 --network "$work/net.bin")
without=$(signature "$sente" bench --game othello --depth 6 --network none)
shipped=$(signature "$sente" bench --game othello --depth 6)
echo "bench signatures: with the network $with, the patterns alone $without," \
     "the network built into sente $shipped"
[ -n "$with" ] && [ -n "$without" ] && [ -n "$shipped" ]
[ "$with" != "$without" ] && [ "$shipped" != "$without" ]
