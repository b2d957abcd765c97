#!/usr/bin/env python3
"""Every link between the project's pages resolves: README.md, docs/*.md and protocol/*.md link
to files that exist and to headings that exist in them (GitHub's anchors: lower case, spaces to
hyphens, punctuation dropped). Web links are not fetched (CI may be offline). And every path
into the repository that a page names in code (`src/...`, `scripts/...`, and so on, in inline
code or a code block) exists, so that a page cannot point at a file that was moved or removed.
And no page but the two that keep the history (docs/results.md, rendered from the records, and
docs/experiments.md) names a commit: a reader's page says what is, with a date where it matters.

usage: docs_links_test.py ROOT
"""
import os
import re
import sys
import unittest

ROOT = None
LINK = re.compile(r"(?<!!)\[(?:[^\]\\]|\\.)*\]\(([^)\s]+)\)")
FENCE = re.compile(r"^(```|~~~)")


def pages(root):
    found = [os.path.join(root, "README.md")]
    for folder in ("docs", "protocol"):
        path = os.path.join(root, folder)
        if os.path.isdir(path):
            found += [os.path.join(path, name) for name in sorted(os.listdir(path))
                      if name.endswith(".md")]
    return found


def page_lines(path):
    """(line number, line, whether it is inside a code block) of the page's lines, the fences
    themselves left out."""
    inside = False
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            if FENCE.match(line.strip()):
                inside = not inside
                continue
            yield number, line, inside


def prose_lines(path):
    """The page's lines outside code fences, with inline code removed."""
    for number, line, in_block in page_lines(path):
        if not in_block:
            yield number, re.sub(r"`[^`]*`", "", line)


def slug(heading):
    text = heading.strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(path):
    seen = {}
    out = set()
    for _, line in prose_lines(path):
        match = re.match(r"^#{1,6}\s+(.*?)\s*#*\s*$", line)
        if match:
            base = slug(match.group(1))
            count = seen.get(base, 0)
            seen[base] = count + 1
            out.add(base if count == 0 else f"{base}-{count}")
    return out


def broken_links(root):
    broken = []
    for page in pages(root):
        for number, line in prose_lines(page):
            for target in LINK.findall(line):
                if re.match(r"^[a-z]+:", target):
                    continue  # http:, https:, mailto:
                file_part, _, anchor = target.partition("#")
                linked = (os.path.normpath(os.path.join(os.path.dirname(page), file_part))
                          if file_part else page)
                where = f"{os.path.relpath(page, root)}:{number}: {target}"
                if not os.path.exists(linked):
                    broken.append(f"{where} (no such file)")
                elif anchor and linked.endswith(".md") and anchor not in anchors(linked):
                    broken.append(f"{where} (no such heading)")
    return broken


# The repository's own folders; a path into build/ or a placeholder (GEN1/..., OLD/...) is not
# checked.
REPOSITORY_PATH = re.compile(
    r"(?<![\w./-])((?:src|include|scripts|tests|docs|protocol)/[\w./+-]*[\w/])")


def code_spans(path):
    """(line number, text) of the page's inline code and code blocks."""
    for number, line, in_block in page_lines(path):
        if in_block:
            yield number, line
        else:
            for span in re.findall(r"`([^`]*)`", line):
                yield number, span


def missing_paths(root):
    missing = []
    for page in pages(root):
        for number, text in code_spans(page):
            for named in REPOSITORY_PATH.findall(text):
                if any(c in named for c in "*?"):
                    continue
                if not os.path.exists(os.path.join(root, named)):
                    missing.append(f"{os.path.relpath(page, root)}:{number}: {named}")
    return missing


# Pages whose entries are history, each naming the commit it measured.
HISTORY_PAGES = ("docs/results.md", "docs/experiments.md")
# A short or full commit hash: 7 to 40 hexadecimal digits, at least one a letter and one a digit.
COMMIT = re.compile(r"\b(?=[0-9a-f]*[a-f])(?=[0-9a-f]*[0-9])[0-9a-f]{7,40}\b")


def named_commits(root):
    named = []
    for page in pages(root):
        relative = os.path.relpath(page, root)
        if relative in HISTORY_PAGES:
            continue
        for number, line, _ in page_lines(page):
            named += [f"{relative}:{number}: {commit}" for commit in COMMIT.findall(line)]
    return named


class Links(unittest.TestCase):
    def test_only_the_history_pages_name_commits(self):
        self.assertEqual(named_commits(ROOT), [])

    def test_the_checker_finds_a_commit_outside_the_history(self):
        import tempfile
        with tempfile.TemporaryDirectory() as root:
            os.mkdir(os.path.join(root, "docs"))
            with open(os.path.join(root, "README.md"), "w") as f:
                f.write("# Top\nSince 2d7afd4 (signature 972041, deadbeef) it is faster.\n")
            with open(os.path.join(root, "docs", "experiments.md"), "w") as f:
                f.write("- 2026-11-27 (2d7afd4)\n")
            self.assertEqual(named_commits(root), ["README.md:2: 2d7afd4"])

    def test_every_named_repository_path_exists(self):
        self.assertEqual(missing_paths(ROOT), [])

    def test_every_link_resolves(self):
        self.assertEqual(broken_links(ROOT), [])

    def test_the_checker_finds_a_broken_link_and_a_missing_heading(self):
        import tempfile
        with tempfile.TemporaryDirectory() as root:
            os.mkdir(os.path.join(root, "docs"))
            with open(os.path.join(root, "README.md"), "w") as f:
                f.write("# Top\n[a](docs/a.md#real-heading) [b](docs/none.md) [c](#nowhere)\n"
                        "```\n[d](inside/a/fence.md)\n```\n[e](https://example.org)\n")
            with open(os.path.join(root, "docs", "a.md"), "w") as f:
                f.write("# A\n## Real heading\n[back](../README.md#top)\n")
            self.assertEqual(broken_links(root), [
                "README.md:2: docs/none.md (no such file)",
                "README.md:2: #nowhere (no such heading)"])


    def test_the_checker_finds_a_named_path_that_is_gone(self):
        import tempfile
        with tempfile.TemporaryDirectory() as root:
            os.makedirs(os.path.join(root, "scripts"))
            open(os.path.join(root, "scripts", "run"), "w").close()
            with open(os.path.join(root, "README.md"), "w") as f:
                f.write("# Top\nRun `scripts/run --fast`, not `scripts/gone`; `build/sente` and "
                        "`GEN1/src/x` are not the repository's.\n```\nsrc/removed.cpp\n```\n")
            self.assertEqual(missing_paths(root), ["README.md:2: scripts/gone",
                                                   "README.md:4: src/removed.cpp"])


if __name__ == "__main__":
    ROOT = os.path.abspath(sys.argv.pop(1))
    unittest.main()
