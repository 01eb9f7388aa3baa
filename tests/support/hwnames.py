"""Every hardware name a source file uses, checked against circuitpython-stubs (CPython only).

    problems, imports = check_file(path, rel, board_names, hints)

Reads the file with `ast` and follows, without running it:
- imports of CircuitPython modules and pinned Adafruit libraries (also inside functions and
  in try/except ImportError fallbacks: every alternative must exist);
- attributes of those modules, of the classes and instances they make (types from the stubs'
  annotations), and names given to getattr/hasattr (or a getattr wrapper such as _pin);
- the positional and keyword arguments of every call to a stub function or class;
- names bound to such objects in the file (`x = keypad.Keys(...)`, `self._x = x`, `a, b = ...`),
  flow-insensitively per file; `hints` gives types to parameters (name -> "module.Class").
A problem is "rel:line: what is missing". imports lists (module, line, optional) where optional
means the import sits in a try whose handler catches ImportError (or Exception).
"""
import ast

import cpstubs

# Modules that are not hardware: Python's own (CircuitPython has them too) and the project's.
NOT_HARDWARE = ("os", "sys", "time", "array", "gc", "math", "binascii", "struct", "random",
                "errno", "io", "json", "re", "collections", "typing", "micropython",
                "engine", "handheld")

# Functions that read a board pin by name: name -> (index of the board argument, of the name).
GETATTR_WRAPPERS = {"_pin": (0, 1)}


class Checker:
    def __init__(self, rel, board_names, board_types, hints=None):
        self.rel = rel
        self.board_names = board_names      # names on at least one profile board's stub
        self.board_types = board_types      # board name -> annotation types (e.g. DISPLAY)
        self.env = {}
        for name, paths in (hints or {}).items():
            self.env[name] = set()
            for path in paths.split("|"):
                if path == "board":
                    self.env[name].add(("board",))
                    continue
                mod, _, cls = path.rpartition(".")
                member = cpstubs.module_api(mod).lookup(cls)
                if member is None:
                    raise ValueError("hint %s: no such stub" % path)
                self.env[name].add(("instance", cpstubs.class_api(member))
                                   if member.kind == "class" else ("member", member))
        self.problems = set()
        self.imports = []
        self.seen = set()  # "module.name" / "module.Class.name" / "board.NAME" resolved

    def problem(self, node, text):
        self.problems.add((node.lineno, "%s:%d: %s (circuitpython-stubs %s)"
                           % (self.rel, node.lineno, text, cpstubs.version())))

    # ---- imports ----------------------------------------------------------------------

    @staticmethod
    def _hardware(name):
        return name.split(".")[0] not in NOT_HARDWARE

    def _module_ref(self, name):
        return ("board",) if name == "board" else ("module", name)

    def visit_imports(self, tree):
        self.imports = []
        optional = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Try):
                catches = [h for h in node.handlers if h.type is None or any(
                    isinstance(t, ast.Name) and t.id in ("ImportError", "Exception")
                    for t in (h.type.elts if isinstance(h.type, ast.Tuple) else [h.type]))]
                if catches:
                    for sub in node.body:
                        for inner in ast.walk(sub):
                            optional.add(id(inner))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for a in node.names:
                    if not self._hardware(a.name):
                        continue
                    self.imports.append((a.name, node.lineno, id(node) in optional))
                    if cpstubs.module_api(a.name) is None:
                        self.problem(node, "no CircuitPython module or pinned library %r"
                                     % a.name)
                        continue
                    self._bind_name(a.asname or a.name.split(".")[0],
                                    {self._module_ref(a.name if a.asname else
                                                      a.name.split(".")[0])})
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                if not self._hardware(node.module):
                    continue
                self.imports.append((node.module, node.lineno, id(node) in optional))
                api = cpstubs.module_api(node.module)
                if api is None:
                    self.problem(node, "no CircuitPython module or pinned library %r"
                                 % node.module)
                    continue
                for a in node.names:
                    got = self.attr_of(("module", node.module), a.name, node)
                    self._bind_name(a.asname or a.name, got)

    def _bind_name(self, name, refs):
        self.env.setdefault(name, set()).update(refs)

    # ---- types --------------------------------------------------------------------------

    def attr_of(self, ref, name, node, optional=False):
        kind = ref[0]
        if kind == "board":
            if name not in self.board_names:
                self.problem(node, "board.%s is on none of the profile boards" % name)
                return set()
            self.seen.add("board." + name)
            return set(("instance", t) for t in self.board_types.get(name, ()))
        if kind == "module":
            api = cpstubs.module_api(ref[1])
            member = api.lookup(name)
            if member is None:
                sub = cpstubs.module_api(ref[1] + "." + name)
                if sub is not None:
                    return {("module", ref[1] + "." + name)}
                self.problem(node, "%s has no %s" % (ref[1], name))
                return set()
            self.seen.add("%s.%s" % (ref[1], name))
            return self._member_refs(member)
        if kind in ("instance", "class"):
            api = ref[1]
            member = api.lookup(name)
            if member is None:
                if not (name.startswith("__") and name.endswith("__")):
                    self.problem(node, "%s has no %s" % (api.name, name))
                return set()
            self.seen.add("%s.%s" % (api.name, name))
            return self._member_refs(member)
        return set()

    @staticmethod
    def _member_refs(member):
        if member.kind == "module":
            return {("module", "%s.%s" % (member.owner.name, member.name))}
        if member.kind == "class":
            return {("member", member), ("class", cpstubs.class_api(member))}
        if member.kind == "function":
            return {("member", member)}
        return set(("instance", t)
                   for t in cpstubs.resolve_types(member.node, member.owner.module))

    def ty(self, node):
        if isinstance(node, ast.Name):
            return set(self.env.get(node.id, ()))
        if isinstance(node, ast.Attribute):
            if isinstance(node.value, ast.Name) and node.value.id == "self":
                return set(self.env.get("self." + node.attr, ()))
            out = set()
            for ref in self.ty(node.value):
                out |= self.attr_of(ref, node.attr, node)
            return out
        if isinstance(node, ast.Call):
            return self.ty_call(node)
        if isinstance(node, ast.IfExp):
            return self.ty(node.body) | self.ty(node.orelse)
        if isinstance(node, ast.BoolOp):
            out = set()
            for v in node.values:
                out |= self.ty(v)
            return out
        return set()

    def ty_call(self, node):
        func = node.func
        fname = func.id if isinstance(func, ast.Name) else None
        named = None
        if fname in ("getattr", "hasattr") and len(node.args) >= 2:
            named = (0, 1)
        elif fname in GETATTR_WRAPPERS and len(node.args) >= 2:
            named = GETATTR_WRAPPERS[fname]
        if named is not None:
            obj, key = node.args[named[0]], node.args[named[1]]
            out = set()
            if isinstance(key, ast.Constant) and isinstance(key.value, str):
                for ref in self.ty(obj):
                    out |= self.attr_of(ref, key.value, node)
            return out if fname != "hasattr" else set()
        out = set()
        for ref in self.ty(func):
            if ref[0] != "member":
                continue
            member = ref[1]
            wrong = cpstubs.check_call(member, node)
            if wrong:
                self.problem(node, "%s(...) %s" % (member, wrong))
            if member.kind == "class":
                out.add(("instance", cpstubs.class_api(member)))
            elif member.kind == "function":
                for f in member.node[:1]:
                    out |= set(("instance", t) for t in
                               cpstubs.resolve_types(f.returns, member.owner.module))
        return out

    # ---- bindings -----------------------------------------------------------------------

    def bind(self, target, value_refs, value=None):
        if isinstance(target, ast.Name):
            key = target.id
        elif isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) \
                and target.value.id == "self":
            key = "self." + target.attr
        elif isinstance(target, (ast.Tuple, ast.List)) and isinstance(value, (ast.Tuple,
                                                                             ast.List)) \
                and len(target.elts) == len(value.elts):
            for t, v in zip(target.elts, value.elts):
                self.bind(t, self.ty(v), v)
            return False
        else:
            return False
        before = len(self.env.get(key, ()))
        self.env.setdefault(key, set()).update(value_refs)
        return len(self.env[key]) != before

    def run(self, tree):
        self.visit_imports(tree)
        assigns = [n for n in ast.walk(tree) if isinstance(n, (ast.Assign, ast.AnnAssign))]
        for _ in range(6):  # flow-insensitive: until no binding grows
            grew = False
            for n in assigns:
                if n.value is None:
                    continue
                targets = n.targets if isinstance(n, ast.Assign) else [n.target]
                refs = self.ty(n.value)
                for t in targets:
                    grew = self.bind(t, refs, n.value) or grew
            if not grew:
                break
        self.problems = set()  # report once, from the settled bindings
        self.seen = set()
        self.visit_imports(tree)
        for node in ast.walk(tree):
            if isinstance(node, (ast.Attribute, ast.Call)):
                self.ty(node)
        return [text for _, text in sorted(self.problems)]


def check_source(source, rel, board_names, board_types, hints=None):
    """(problems, imports, names seen) for one file's source."""
    tree = ast.parse(source, rel)
    c = Checker(rel, board_names, board_types, hints)
    problems = c.run(tree)
    return problems, c.imports, c.seen
