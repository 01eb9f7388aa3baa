"""The app's modules import each other without a cycle (imports inside functions count too),
none imports handheld.app back, and none reaches into the App's private names."""
import ast
import os

HERE = os.path.dirname(os.path.abspath(__file__))
LIB = os.path.join(os.path.dirname(HERE), "lib", "handheld")


def imports(folder, package="handheld"):
    """{module: set of the package's modules it imports}, from every import statement in
    the module's source, at any depth."""
    names = set(f[:-3] for f in os.listdir(folder) if f.endswith(".py"))
    graph = {}
    for name in names:
        with open(os.path.join(folder, name + ".py")) as f:
            tree = ast.parse(f.read(), name + ".py")
        deps = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for a in node.names:
                    parts = a.name.split(".")
                    if parts[0] == package and len(parts) > 1:
                        deps.add(parts[1])
            elif isinstance(node, ast.ImportFrom) and node.module:
                parts = node.module.split(".")
                if parts[0] != package:
                    continue
                if len(parts) > 1:
                    deps.add(parts[1])
                else:  # from handheld import x: x is a module of the package
                    deps.update(a.name for a in node.names if a.name in names)
        deps.discard(name)
        graph[name] = deps & names
    return graph


def cycle(graph):
    """A list of modules [a, b, ..., a] that import each other in a circle, or None."""
    state = {}  # 1: on the current path, 2: done
    path = []

    def visit(m):
        state[m] = 1
        path.append(m)
        for d in sorted(graph[m]):
            if state.get(d) == 1:
                return path[path.index(d):] + [d]
            if d not in state:
                found = visit(d)
                if found:
                    return found
        path.pop()
        state[m] = 2
        return None

    for m in sorted(graph):
        if m not in state:
            found = visit(m)
            if found:
                return found
    return None


def test_the_cycle_finder_names_a_cycle_and_passes_a_tree(tmp_path):
    (tmp_path / "a.py").write_text("from handheld import b\n")
    (tmp_path / "b.py").write_text("import handheld.c\n")
    (tmp_path / "c.py").write_text("def f():\n    from handheld.a import x\n")
    (tmp_path / "d.py").write_text("from handheld import words, c\n")
    g = imports(str(tmp_path))
    assert g == {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"c"}}
    assert cycle(g) == ["a", "b", "c", "a"]
    (tmp_path / "c.py").write_text("import os\n")
    assert cycle(imports(str(tmp_path))) is None


def test_the_app_modules_import_each_other_without_a_cycle():
    graph = imports(LIB)
    assert "app" in graph and "table" in graph["app"]  # the parser sees the real imports
    assert "savepages" in graph["app"]  # imports inside functions count
    found = cycle(graph)
    assert found is None, "import cycle: " + " -> ".join(found)


def test_no_module_imports_the_app_back():
    graph = imports(LIB)
    back = sorted(m for m in graph if "app" in graph[m])
    assert back == [], "these import handheld.app: %s" % back


def test_no_module_touches_the_apps_private_names():
    """Screens use the App's public API: no `app._x` / `self.app._x` outside app.py."""
    bad = []
    for f in sorted(os.listdir(LIB)):
        if not f.endswith(".py") or f == "app.py":
            continue
        with open(os.path.join(LIB, f)) as src:
            tree = ast.parse(src.read(), f)
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr.startswith("_") and \
                    not node.attr.startswith("__"):
                v = node.value
                if (isinstance(v, ast.Name) and v.id == "app") or \
                        (isinstance(v, ast.Attribute) and v.attr == "app"):
                    bad.append("%s:%d %s" % (f, node.lineno, node.attr))
    assert bad == []


def test_private_constants_copied_between_modules_agree():
    """handheld.screen's private constants (dirty bits, phases) are copied where used, as
    `_NAME = const(value)`: a private constant is no interned name on a board. Every copy of a
    name has the one value, and handheld.screen's copies are among them."""
    import re
    values = {}  # name: {value: [modules]}
    for f in sorted(os.listdir(LIB)):
        if f.endswith(".py"):
            with open(os.path.join(LIB, f)) as src:
                for name, value in re.findall(r"^(_[A-Z][A-Z0-9_]*) = const\(([^)]*)\)",
                                              src.read(), re.M):
                    values.setdefault(name, {}).setdefault(value, []).append(f)
    screen = [n for n, v in values.items() if any("screen.py" in m for m in v.values())]
    copied = [n for n in screen if sum(len(m) for m in values[n].values()) > 1]
    for name in ("_D_HAND", "_D_PROMPT", "_D_ALL", "_IDLE", "_HINT_ASK", "_NOTICE_MS"):
        assert name in copied  # the check sees the copies
    for name in copied:
        assert len(values[name]) == 1, "%s has different values: %s" % (name, values[name])
