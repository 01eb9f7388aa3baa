"""The project's documents stay true and self-contained.

- docs/rules.md has a heading for every rule number (R) and engine decision (D) the tests cite,
  its option and preset tables equal engine/rules.py, and its worked examples replay to the
  results the text gives;
- every relative link in README.md and docs/*.md leads to a file (and an anchor to a heading);
- nothing a user reads or runs points outside the repository (../shared is the team's folder,
  which a clone does not have). A line that mentions it only for CI or for tests that skip
  without it says so ("CI", "skip") and is allowed.
"""
import os
import re

import pytest

from engine.record import replay
from engine.rules import Rules, OPTIONS, PRESETS, PRESET_ORDER
from engine.ruleopts import VALUES

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RULES_MD = os.path.join(ROOT, "docs", "rules.md")
CITATION = re.compile(r"\b(R\d+[ab]?|D\d+)\b")


def _read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def _headings(text):
    return [m.group(2) for m in re.finditer(r"^(#{1,6}) +(.+?) *$", text, re.M)]


def _rule_headings():
    found = set()
    for h in _headings(_read(RULES_MD)):
        m = re.match(r"(R\d+[ab]?|D\d+)\. ", h)
        if m:
            found.add(m.group(1))
    return found


def _engine_test_files():
    """The test modules about the engine: they import it and do not import the board's app
    (whose tests name board pins, which look like D-numbers). Not this module."""
    out = []
    for base, dirs, files in os.walk(os.path.join(ROOT, "tests")):
        for name in files:
            if not name.endswith(".py"):
                continue
            path = os.path.join(base, name)
            if os.path.abspath(path) == os.path.abspath(__file__):
                continue
            text = _read(path)
            if re.search(r"^\s*(from|import) engine\b", text, re.M) and not re.search(
                    r"^\s*(from|import) (handheld|fakeboard)\b", text, re.M):
                out.append(path)
    return out


def test_every_rule_number_the_tests_cite_has_a_heading_in_docs_rules():
    cited = set()
    for path in _engine_test_files():
        cited |= set(CITATION.findall(_read(path)))
    assert {"R1", "R35", "R42", "D1", "D10"} <= cited  # the scan finds the rule tests
    missing = sorted(cited - _rule_headings())
    assert not missing, "docs/rules.md has no heading for %s" % ", ".join(missing)


def test_docs_rules_numbers_every_rule_and_decision_once():
    headings = [re.match(r"(R\d+[ab]?|D\d+)\. ", h) for h in _headings(_read(RULES_MD))]
    numbers = [m.group(1) for m in headings if m]
    want = ["R%d" % n for n in range(1, 44) if n not in (24, 25)]
    want[want.index("R30") + 1:want.index("R30") + 1] = ["R30a", "R30b"]
    want += ["D%d" % n for n in range(1, 11)]
    assert numbers == want


def _table(text, first_header):
    """Rows (lists of cells) of the markdown table whose first header cell is first_header."""
    rows = []
    lines = text.split("\n")
    for i, line in enumerate(lines):
        if line.startswith("| " + first_header + " |"):
            for row in lines[i + 2:]:
                if not row.startswith("|"):
                    break
                rows.append([c.strip() for c in row.strip().strip("|").split("|")])
            return rows
    raise AssertionError("no table headed %r in docs/rules.md" % first_header)


def _cell(value):
    return str(value)


def test_docs_rules_option_table_is_engine_rules_options_with_their_defaults():
    rows = _table(_read(RULES_MD), "option | values")
    names = [r[0].strip("`") for r in rows]
    assert names == list(OPTIONS)
    for row in rows:
        name = row[0].strip("`")
        assert row[2] == _cell(getattr(Rules, name)), name
        allowed = VALUES.get(name)
        if allowed:
            assert [v.strip() for v in row[1].split(",")] == [_cell(v) for v in allowed], name
        elif allowed is None:
            assert row[1] == "True, False", name


def test_docs_rules_preset_table_matches_the_engine_presets():
    rows = _table(_read(RULES_MD), "option | Sixty-Six")
    differ = [o for o in OPTIONS
              if len(set(_cell(getattr(PRESETS[p], o)) for p in PRESET_ORDER)) > 1]
    assert [r[0].strip("`") for r in rows] == differ
    for row in rows:
        name = row[0].strip("`")
        assert row[1:] == [_cell(getattr(PRESETS[p], name)) for p in PRESET_ORDER], name


def _examples():
    """The records in docs/rules.md: fenced blocks that start with a `preset` line."""
    blocks = re.findall(r"```\n(preset .*?)```", _read(RULES_MD), re.S)
    return blocks


def test_docs_rules_closed_hand_example():
    text = _examples()[0]
    h = replay(text)
    assert h.closed_by == 0 and h.close_trick == 1
    assert (h.frozen_tricks, h.frozen_points) == (0, 0)  # seat 1 at the close
    assert (h.points(0), h.points(1), h.tricks_won) == (72, 11, [3, 1])
    assert (h.winner, h.game_points, h.reason) == (0, 3, "closer won")
    # the text's asides: 65 before the spades is a false declaration, and the end option
    early = replay(text.replace("9S AS KD QH D", "D"))
    assert (early.points(0), early.winner, early.game_points) == (65, 1, 3)
    assert early.reason == "closer declared falsely"
    end = replay(text.replace("dealer 1", "options close_score_at=end\ndealer 1"))
    assert (end.winner, end.game_points) == (0, 2)


def test_docs_rules_false_declaration_example():
    text = _examples()[1]
    h = replay(text)
    assert h.closed_by == -1 and h.declared_by == 0
    assert (h.points(0), h.tricks_won) == (61, [4, 0])
    assert (h.winner, h.game_points, h.reason) == (1, 3, "false declaration")
    flat = replay(text.replace("dealer 1", "options false_declare_schwarz3=False\ndealer 1"))
    assert (flat.winner, flat.game_points) == (1, 2)


def test_docs_rules_has_exactly_the_two_examples():
    assert len(_examples()) == 2


RULE_TESTS = ("test_rules_close.py", "test_rules_deal.py", "test_rules_declare.py",
              "test_rules_exchange.py", "test_rules_marriage.py", "test_rules_match.py",
              "test_rules_scoring.py", "test_rules_tricks.py", "test_edge_cases.py",
              "test_decision_order.py", "test_options.py", "test_presets.py")


@pytest.mark.parametrize("name", RULE_TESTS)
def test_rule_test_modules_point_to_their_section_of_docs_rules(name):
    import ast
    doc = ast.get_docstring(ast.parse(_read(os.path.join(ROOT, "tests", name))))
    line = [x for x in doc.split("\n") if x.startswith("Rules: docs/rules.md#")]
    assert line, "%s: no 'Rules: docs/rules.md#section' line in its docstring" % name
    slugs = [_slug(h) for h in _headings(_read(RULES_MD))]
    anchors = re.findall(r"#([\w-]+)", line[0])
    assert anchors and all(a in slugs for a in anchors), (name, anchors)


# ---- links ------------------------------------------------------------------------------

def _slug(heading):
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens."""
    s = heading.strip().lower()
    s = re.sub(r"[^\w\- ]", "", s)
    return s.replace(" ", "-")


def _markdown_files():
    out = [os.path.join(ROOT, "README.md")]
    docs = os.path.join(ROOT, "docs")
    out += sorted(os.path.join(docs, n) for n in os.listdir(docs) if n.endswith(".md"))
    return out


@pytest.mark.parametrize("path", _markdown_files(), ids=lambda p: os.path.relpath(p, ROOT))
def test_every_relative_link_resolves(path):
    text = _read(path)
    text = re.sub(r"```.*?```", "", text, flags=re.S)  # code blocks hold no links
    bad = []
    for target in re.findall(r"\]\(([^)\s]+)\)", text):
        if re.match(r"[a-z]+:", target):  # http:, https:, mailto:
            continue
        file_part, _, anchor = target.partition("#")
        dest = os.path.normpath(os.path.join(os.path.dirname(path), file_part)) if file_part \
            else path
        if not dest.startswith(ROOT + os.sep) and dest != ROOT:
            bad.append("%s (outside the repository)" % target)
        elif not os.path.exists(dest):
            bad.append("%s (no such file)" % target)
        elif anchor and dest.endswith(".md"):
            if anchor not in [_slug(h) for h in _headings(_read(dest))]:
                bad.append("%s (no such heading)" % target)
    assert not bad, "%s: %s" % (os.path.relpath(path, ROOT), "; ".join(bad))


# ---- nothing outside the repository -------------------------------------------------------

USER_FILES = ("README.md", "code.py", "boot.py")
USER_DIRS = ("docs", "engine", "lib", "sim")
OUTSIDE = re.compile(r"\.\./shared|shared/tools|shared/RULES|\bRULES\.md|[\"']shared[\"']")
CI_ONLY = re.compile(r"\bCI\b|skip")


def _user_files():
    out = [os.path.join(ROOT, n) for n in USER_FILES]
    for d in USER_DIRS:
        for base, dirs, files in os.walk(os.path.join(ROOT, d)):
            dirs[:] = [x for x in dirs if x != "__pycache__"]
            out += [os.path.join(base, n) for n in files if n.endswith((".py", ".md", ".txt",
                                                                         ".toml"))]
    return out


def test_no_file_a_user_reads_or_runs_points_outside_the_repository():
    bad = []
    for path in _user_files():
        for n, line in enumerate(_read(path).split("\n")):
            if OUTSIDE.search(line) and not CI_ONLY.search(line):
                bad.append("%s:%d: %s" % (os.path.relpath(path, ROOT), n + 1, line.strip()))
    assert not bad, "\n".join(bad)
