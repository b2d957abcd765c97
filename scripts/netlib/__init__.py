"""The Gomoku network's training pipeline (scripts/train-gomoku-net): the line patterns as
sente reads them (patterns), the data files of `sente train gomoku-selfplay` (data), the
network in PyTorch (model), sente's weight file written (export) and read back (network_file),
and a model rebuilt from a file to train on from it (resume)."""
