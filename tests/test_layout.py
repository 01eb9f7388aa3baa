"""The layout the README describes is the tree's: every folder its Layout table names exists,
and every folder of the project, and every subfolder of engine/, lib/, sim/ and tests/, is named
there. The split of engine/ holds: the rules never import the computer player or the coach, and
the player never imports the coach."""
import ast
import fnmatch
import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEEP = ("engine", "lib", "sim", "tests")  # their subfolders, at any depth, are in the table


def _ignored(root):
    """Folder patterns of .gitignore (.venv, __pycache__, out...): made by runs, not ours."""
    with open(os.path.join(root, ".gitignore")) as f:
        return [line.strip().strip("/") for line in f if line.strip().endswith("/")]


def _skip(name, ignored):
    return name.startswith(".") or any(fnmatch.fnmatch(name, p) for p in ignored)


def folders(root=ROOT):
    """The project's top-level folders and every subfolder of DEEP, as 'a/b/' paths."""
    ignored = _ignored(root)
    out = set()
    for name in os.listdir(root):
        if os.path.isdir(os.path.join(root, name)) and not _skip(name, ignored):
            out.add(name + "/")
    for top in DEEP:
        for base, dirs, _ in os.walk(os.path.join(root, top)):
            dirs[:] = [d for d in dirs if not _skip(d, ignored)]
            for d in dirs:
                out.add(os.path.relpath(os.path.join(base, d), root).replace(os.sep, "/") + "/")
    return out


def table_folders(root=ROOT):
    """The folders named (`a/b/`) in the first column of the README's Layout table."""
    with open(os.path.join(root, "README.md")) as f:
        text = f.read()
    section = text.split("\n## Layout\n", 1)[1].split("\n## ", 1)[0]
    rows = [line.split("|")[1] for line in section.splitlines() if line.startswith("| `")]
    return set(p for row in rows for p in re.findall(r"`([^`]+/)`", row))


def test_readme_layout_table_names_every_folder_and_only_folders_that_exist():
    named, real = table_folders(), folders()
    assert named, "no Layout table found in README.md"
    missing = sorted(p for p in named if not os.path.isdir(os.path.join(ROOT, p)))
    assert not missing, "README's Layout table names folders that do not exist: %s" % missing
    unnamed = sorted(real - named)
    assert not unnamed, "folders missing from README's Layout table: %s" % unnamed


def test_the_layout_check_sees_nested_folders_and_skips_what_runs_make(tmp_path):
    (tmp_path / ".gitignore").write_text(".venv/\n__pycache__/\n/out/\n*.pyc\n")
    for d in ("engine/ai/__pycache__", "tests/vm/fakes", "docs/screens", ".venv/lib", "out"):
        (tmp_path / d).mkdir(parents=True)
    (tmp_path / "README.md").write_text("# x\n\n## Layout\n\n| path | what |\n|---|---|\n"
                                        "| `engine/`, `engine/ai/` | a |\n| `gone/` | b |\n"
                                        "\n## Next\n| `not/` | c |\n")
    assert folders(str(tmp_path)) == {"engine/", "engine/ai/", "tests/", "tests/vm/",
                                      "tests/vm/fakes/", "docs/"}
    assert table_folders(str(tmp_path)) == {"engine/", "engine/ai/", "gone/"}


def _imports(path):
    """Modules a source file imports (top level and inside functions), as dotted names."""
    with open(path) as f:
        tree = ast.parse(f.read())
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            out.add(node.module)
            out.update(node.module + "." + a.name for a in node.names)
    return out


def _modules(folder):
    top = os.path.join(ROOT, "engine", folder)
    return sorted(os.path.join(top, n) for n in os.listdir(top) if n.endswith(".py"))


def test_the_rules_never_import_the_player_or_the_coach():
    bad = [(os.path.basename(p), m) for p in _modules("") for m in _imports(p)
           if m.startswith(("engine.ai", "engine.coach"))]
    assert not bad, "rules modules of engine/ import the player or the coach: %s" % bad


def test_the_player_never_imports_the_coach():
    bad = [(os.path.basename(p), m) for p in _modules("ai") for m in _imports(p)
           if m.startswith("engine.coach")]
    assert not bad, bad


def test_engine_ai_keeps_its_public_api():
    from engine import ai
    from engine.ai import EASY, NORMAL, HARD, LEVEL_NAMES, choose  # noqa: F401
    assert (EASY, NORMAL, HARD) == (ai.EASY, ai.NORMAL, ai.HARD) and len(LEVEL_NAMES) == 3
    from engine.coach import hint, other_seat, duplicate  # noqa: F401
