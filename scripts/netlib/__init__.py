"""The Gomoku network's training pipeline (scripts/train-gomoku-net): the line patterns as
sente reads them (patterns), the data files of `sente train gomoku-selfplay` (data), the
network in PyTorch (model) and sente's weight file (export)."""
