#!/usr/bin/env python3
"""No circle between the source's units: a unit is a header with its .cpp (foo.hpp + foo.cpp),
and unit A depends on unit B when a file of A includes B's header. A circle means two pieces
that cannot be understood, tested or replaced one without the other; the dependencies must run
one way (front ends -> Session -> games -> search).

usage: include_cycles_test.py ROOT
"""
import os
import re
import sys
import unittest

ROOT = None
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def unit_graph(root):
    files = {}
    for base in ("src", "include"):
        for folder, _, names in os.walk(os.path.join(root, base)):
            for name in names:
                if name.endswith((".hpp", ".cpp", ".h")):
                    path = os.path.join(folder, name)
                    files[os.path.relpath(path, root)] = path
    def resolve(included):
        for prefix in ("src/", "include/"):
            if prefix + included in files:
                return prefix + included
        return None
    def unit(path):
        return re.sub(r"\.(hpp|cpp|h)$", "", path)
    graph = {}
    for rel, path in files.items():
        with open(path, encoding="utf-8") as f:
            text = f.read()
        for included in INCLUDE.findall(text):
            target = resolve(included)
            if target and unit(target) != unit(rel):
                graph.setdefault(unit(rel), set()).add(unit(target))
    return graph


def circles(graph):
    """The strongly connected components with more than one unit (Tarjan)."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []
    counter = [0]
    sys.setrecursionlimit(100000)
    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))
    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


class Circles(unittest.TestCase):
    def test_no_circle_between_units(self):
        self.assertEqual(circles(unit_graph(ROOT)), [])

    def test_a_circle_is_found(self):
        graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
        self.assertEqual(circles(graph), [["a", "b", "c"]])
        self.assertEqual(circles({"a": {"b"}, "b": set()}), [])


if __name__ == "__main__":
    ROOT = os.path.abspath(sys.argv.pop(1))
    unittest.main()
