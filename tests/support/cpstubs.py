"""CircuitPython's own API, read from the circuitpython-stubs package (CPython only).

The stubs (`<module>-stubs/__init__.pyi`, one `board_definitions/<board_id>/__init__.pyi` per
board with its pins and built-in modules) are the reference the tests hold the game's
hardware code and the tests' fakes to:

    api = module_api("keypad")           # None if CircuitPython has no such module
    api.lookup("Keys")                   # a Member, or None
    board_stub("pygamer").pins           # the pin names of that board
    check_call(member, call_node)        # None, or what is wrong with an ast.Call
    FakeModule("audiopwmio", PWMAudioOut=...)   # refuses a name the stub lacks
    check_fake_class(FakeKeys, "keypad.Keys")   # a fake's methods and parameters vs the stub

CIRCUITPY_STUBS=DIR reads another copy (an unpacked circuitpython-stubs wheel, e.g. 9.2.9).
"""
import ast
import os
import sys

_NOT_API = ("typing", "typing_extensions", "__future__", "circuitpython_typing", "_typeshed")


def stubs_dir():
    """The folder holding `<module>-stubs/` and `board_definitions/`, or None."""
    given = os.environ.get("CIRCUITPY_STUBS")
    if given:
        if not (os.path.isdir(os.path.join(given, "board_definitions")) and
                os.path.isdir(os.path.join(given, "board-stubs"))):
            raise StubError("CIRCUITPY_STUBS=%s is no unpacked circuitpython-stubs wheel (a "
                            "folder holding board_definitions/ and board-stubs/)" % given)
        return given
    for p in sys.path:
        if p and os.path.isdir(os.path.join(p, "board_definitions")) and \
                os.path.isdir(os.path.join(p, "board-stubs")):
            return p
    return None


def version():
    """The stubs' version (from the wheel's metadata), or "unknown"."""
    root = stubs_dir()
    if root:
        for name in sorted(os.listdir(root)):
            if name.startswith("circuitpython_stubs-") and name.endswith(".dist-info"):
                return name[len("circuitpython_stubs-"):-len(".dist-info")]
    return "unknown"


class Member:
    """One name of a stub module or class: kind "class", "function", "value" or "module"."""

    def __init__(self, kind, node, owner, name):
        self.kind = kind
        self.node = node      # ClassDef, list of FunctionDef (overloads), annotation, or None
        self.owner = owner    # the Api it belongs to
        self.name = name

    def __repr__(self):
        return "%s.%s" % (self.owner.name, self.name)


class Api:
    """A stub module or class: its members (a class also through its bases)."""

    def __init__(self, name, module=None):
        self.name = name
        self.module = module or self   # the module Api a class lives in
        self.members = {}
        self.bases = []
        self.imports = {}              # alias -> (module, name) for names from other modules

    def lookup(self, name, _seen=None):
        m = self.members.get(name)
        if m is not None:
            return m
        if name in self.imports:
            mod, attr = self.imports[name]
            api = module_api(mod)
            return api.lookup(attr) if api is not None else None
        seen = _seen or set()
        seen.add(self.name)
        for base in self.bases:
            b = resolve_class(base, self.module)
            if b is not None and b.name not in seen:
                m = b.lookup(name, seen)
                if m is not None:
                    return m
        return None


def _fill(api, body, is_class):
    for node in body:
        if isinstance(node, ast.ClassDef):
            api.members[node.name] = Member("class", node, api, node.name)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            props = [d for d in node.decorator_list
                     if (isinstance(d, ast.Name) and d.id == "property")]
            setter = any(isinstance(d, ast.Attribute) for d in node.decorator_list)
            if props:
                api.members[node.name] = Member("value", node.returns, api, node.name)
            elif setter:
                continue
            else:
                old = api.members.get(node.name)
                funcs = old.node if old is not None and old.kind == "function" else []
                api.members[node.name] = Member("function", funcs + [node], api, node.name)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            api.members[node.target.id] = Member("value", node.annotation, api, node.target.id)
        elif isinstance(node, ast.Assign):
            for t in node.targets:
                if isinstance(t, ast.Name):
                    api.members[t.id] = Member("value", None, api, t.id)
        elif isinstance(node, ast.ImportFrom) and not is_class and node.module not in _NOT_API:
            mod = node.module
            if node.level:  # a library's relative import
                mod = ".".join(api.name.split(".")[:1] + ([mod] if mod else []))
            for a in node.names:
                api.imports[a.asname or a.name] = (mod, a.name)
        elif isinstance(node, ast.If):  # if sys.platform ... / TYPE_CHECKING blocks
            _fill(api, node.body, is_class)
        elif isinstance(node, ast.Try):  # a library's guarded imports
            _fill(api, node.body, is_class)


_MODULES = {}


def _stub_path(name):
    root = stubs_dir()
    if root is None:
        return None
    parts = name.split(".")
    p = os.path.join(root, parts[0] + "-stubs", *parts[1:])
    for cand in (os.path.join(p, "__init__.pyi"), p + ".pyi"):
        if os.path.isfile(cand):
            return cand
    return None


# Adafruit libraries the game uses (not in the stubs): read from the pinned package's source.
LIBRARIES = ("adafruit_display_text", "adafruit_ticks", "adafruit_bitmap_font")


def _library_path(name):
    import importlib.util
    top = name.split(".")[0]
    if top not in LIBRARIES:
        return None
    try:
        spec = importlib.util.find_spec(name)
    except ImportError:
        return None
    return spec.origin if spec is not None and spec.origin and \
        spec.origin.endswith(".py") else None


def module_api(name):
    """The Api of CircuitPython module `name` (dotted for submodules), or of a pinned Adafruit
    library (LIBRARIES, from its source), or None."""
    if name not in _MODULES:
        path = _stub_path(name) or _library_path(name)
        api = None
        if path is not None:
            api = Api(name)
            with open(path, encoding="utf-8") as f:
                _fill(api, ast.parse(f.read(), path).body, False)
            sub = os.path.dirname(path)
            if os.path.basename(path) == "__init__.py":  # a library package: its modules
                for entry in os.listdir(sub):
                    if entry.endswith(".py") and entry != "__init__.py":
                        api.members.setdefault(entry[:-3], Member("module", None, api,
                                                                  entry[:-3]))
            if os.path.basename(path) == "__init__.pyi":
                for entry in os.listdir(sub):
                    if os.path.isfile(os.path.join(sub, entry, "__init__.pyi")):
                        api.members.setdefault(entry, Member("module", None, api, entry))
        _MODULES[name] = api
    return _MODULES[name]


def class_api(member):
    """The Api of a class Member (its body, bases named)."""
    key = ("class", member.owner.name, member.name)
    if key not in _MODULES:
        api = Api("%s.%s" % (member.owner.module.name, member.name), member.owner.module)
        api.bases = list(member.node.bases)
        _fill(api, member.node.body, True)
        _MODULES[key] = api
    return _MODULES[key]


def resolve_class(expr, module):
    """The class Api an annotation or base expression names (Optional[X] -> X), or None."""
    got = resolve_types(expr, module)
    return got[0] if got else None


def resolve_types(expr, module):
    """Class Apis an annotation names: X, mod.X, Optional[X], Union[X, Y], X | None."""
    if expr is None:
        return []
    if isinstance(expr, ast.Constant) and isinstance(expr.value, str):
        try:
            expr = ast.parse(expr.value, mode="eval").body
        except SyntaxError:
            return []
    if isinstance(expr, ast.BinOp) and isinstance(expr.op, ast.BitOr):
        return resolve_types(expr.left, module) + resolve_types(expr.right, module)
    if isinstance(expr, ast.Subscript):
        head = expr.value.attr if isinstance(expr.value, ast.Attribute) else \
            getattr(expr.value, "id", "")
        if head in ("Optional", "Union"):
            inner = expr.slice
            items = inner.elts if isinstance(inner, ast.Tuple) else [inner]
            out = []
            for e in items:
                out.extend(resolve_types(e, module))
            return out
        return []
    member = None
    if isinstance(expr, ast.Name):
        member = module.lookup(expr.id)
    elif isinstance(expr, ast.Attribute) and isinstance(expr.value, ast.Name):
        mod = module_api(expr.value.id)
        member = mod.lookup(expr.attr) if mod is not None else None
    if member is not None and member.kind == "class":
        return [class_api(member)]
    return []


# ---- calls ----------------------------------------------------------------------------------

def _params(func, method):
    a = func.args
    pos = [p.arg for p in a.posonlyargs + a.args]
    n_posonly = len(a.posonlyargs)
    defaults = len(a.defaults)
    required_pos = pos[:len(pos) - defaults]
    if method and pos and pos[0] in ("self", "cls"):
        pos, required_pos = pos[1:], required_pos[1:]
        n_posonly = max(0, n_posonly - 1)
    kwonly = [p.arg for p in a.kwonlyargs]
    required_kw = [p.arg for p, d in zip(a.kwonlyargs, a.kw_defaults) if d is None]
    return pos, n_posonly, required_pos, kwonly, required_kw, a.vararg, a.kwarg


def _check_one(func, method, n_args, starred, keywords, double_star):
    pos, n_posonly, required_pos, kwonly, required_kw, vararg, kwarg = \
        _params(func, method)
    if not starred and n_args > len(pos) and vararg is None:
        return "takes %d positional arguments, given %d" % (len(pos), n_args)
    named = pos[n_posonly:] + kwonly
    for k in keywords:
        if k not in named and kwarg is None:
            return "has no keyword argument %r (it takes %s)" % (
                k, ", ".join(named) or "none")
        if k in pos[:n_args]:
            return "gets %r twice" % k
    if not starred and not double_star:
        missing = [p for p in required_pos[n_args:] if p not in keywords] + \
                  [p for p in required_kw if p not in keywords]
        if missing:
            return "needs %s" % ", ".join(missing)
    return None


def _init_chain(api, seen=None):
    """The __init__ overloads along a class's bases while each passes **kwargs on."""
    init = api.members.get("__init__")
    seen = seen or set()
    seen.add(api.name)
    if init is not None and init.kind == "function":
        if init.node[0].args.kwarg is None or not api.bases:
            return init.node, []
        base = resolve_class(api.bases[0], api.module)
        if base is None or base.name in seen:
            return init.node, []
        more, extra = _init_chain(base, seen)
        return init.node, more + extra
    for b in api.bases:
        base = resolve_class(b, api.module)
        if base is not None and base.name not in seen:
            return _init_chain(base, seen)
    return None, []


# Where the stubs' signatures lack what the firmware takes (checked in tests/test_stubs.py:
# each entry must still be missing from the signature and named in the stub's docstring).
# vectorio.Rectangle: shared-bindings/vectorio/Rectangle.c takes color_index (keyword,
# default 0); the stub's __init__ omits it while its docstring lists it.
KNOWN_GAPS = {"vectorio.Rectangle": ("color_index",)}


def check_call(member, call):
    """None if ast.Call `call` fits the stub function or class `member`, else what is wrong.
    A library class whose __init__ passes **kwargs to its base is checked against both."""
    if member.kind == "class":
        funcs, base_funcs = _init_chain(class_api(member))
        if funcs is None:
            return None if not call.args and not call.keywords else "takes no arguments"
        method = True
        if base_funcs:  # keywords this __init__ does not name go to the base's
            own = set()
            for f in funcs:
                own.update(p.arg for p in f.args.args + f.args.kwonlyargs)
            rest = [k for k in call.keywords if k.arg is not None and k.arg not in own]
            if rest:
                names = set()
                for f in base_funcs:
                    names.update(p.arg for p in f.args.args + f.args.kwonlyargs)
                    if f.args.kwarg is not None and f is base_funcs[-1]:
                        names = None
                        break
                if names is not None:
                    for k in rest:
                        if k.arg not in names:
                            return "has no keyword argument %r" % k.arg
    elif member.kind == "function":
        funcs, method = member.node, member.owner.module is not member.owner
    else:
        return None
    n_args = len([a for a in call.args if not isinstance(a, ast.Starred)])
    starred = any(isinstance(a, ast.Starred) for a in call.args)
    gaps = KNOWN_GAPS.get("%s.%s" % (member.owner.module.name, member.name), ())
    keywords = [k.arg for k in call.keywords if k.arg is not None and k.arg not in gaps]
    double_star = any(k.arg is None for k in call.keywords)
    errors = [_check_one(f, method, n_args, starred, keywords, double_star) for f in funcs]
    return None if None in errors else errors[0]


# ---- boards ---------------------------------------------------------------------------------

class BoardStub:
    """One board's stub: pins (and other names), built-in modules, NVM size as stated."""

    def __init__(self, board_id, path):
        self.board_id = board_id
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read(), path)
        self.api = Api("board")
        _fill(self.api, tree.body, False)
        self.names = set(self.api.members)
        self.pins = set(n for n, m in self.api.members.items() if m.kind == "value"
                        and ast.unparse(m.node) == "microcontroller.Pin")
        doc = ast.get_docstring(tree) or ""
        self.modules = set()
        self.nvm_size = None
        for line in doc.splitlines():
            line = line.strip()
            if line.startswith("- Included modules:"):
                for m in line.split(":", 1)[1].split(","):
                    self.modules.add(m.strip().split(" ")[0])
            elif line.startswith("- NVM size:"):
                self.nvm_size = int(line.split(":", 1)[1])


def board_stub(board_id):
    """The BoardStub of a CircuitPython board id, or None if the stubs have no such board."""
    key = ("board", board_id)
    if key not in _MODULES:
        root = stubs_dir()
        path = root and os.path.join(root, "board_definitions", board_id, "__init__.pyi")
        _MODULES[key] = BoardStub(board_id, path) if path and os.path.isfile(path) else None
    return _MODULES[key]


# ---- fakes ----------------------------------------------------------------------------------

class StubError(AttributeError):
    """A fake was given, or asked for, a name CircuitPython does not have."""


class FakeModule:
    """A stand-in for CircuitPython module `name`: built with some of its names, it refuses any
    name the stub lacks, at creation and on access (AttributeError, as the board would)."""

    def __init__(self, name, **attrs):
        if stubs_dir() is None:
            raise StubError("circuitpython-stubs is not installed: pip install -r "
                            "requirements.txt")
        api = module_api(name)
        if api is None:
            raise StubError("CircuitPython has no module %r (circuitpython-stubs %s)"
                            % (name, version()))
        for k, v in attrs.items():
            if api.lookup(k) is None:
                raise StubError("CircuitPython's %s has no %r: a fake must not offer it "
                                "(circuitpython-stubs %s)" % (name, k, version()))
            object.__setattr__(self, k, v)
        object.__setattr__(self, "__name__", name)

    def __getattr__(self, k):
        api = module_api(object.__getattribute__(self, "__name__"))
        if api.lookup(k) is None:
            raise StubError("module %r has no attribute %r (circuitpython-stubs %s)"
                            % (api.name, k, version()))
        raise AttributeError("this test's fake %s does not provide %r" % (api.name, k))

    def __setattr__(self, k, v):
        if module_api(self.__name__).lookup(k) is None:
            raise StubError("CircuitPython's %s has no %r" % (self.__name__, k))
        object.__setattr__(self, k, v)


def _stub_member(path):
    mod, _, name = path.rpartition(".")
    api = module_api(mod)
    member = api.lookup(name) if api is not None else None
    if member is None:
        raise StubError("circuitpython-stubs %s has no %s" % (version(), path))
    return member


def check_fake_class(cls, path, test_only=()):
    """What is wrong with fake class `cls` standing in for stub class `path` ("keypad.Keys"):
    a public method or attribute the stub lacks (unless in test_only), a parameter the stub
    lacks, required or keyword-only where the stub's is not (or the other way round)."""
    member = _stub_member(path)
    api = class_api(member)
    problems = []
    names = set()
    for klass in cls.__mro__[:-1]:
        names.update(k for k in vars(klass) if not k.startswith("_") or k == "__init__")
    for k in sorted(names):
        if k in test_only or k in ("STUB", "TEST_ONLY"):
            continue
        stub = api.lookup(k)
        if stub is None:
            problems.append("%s.%s: %s has no %r" % (cls.__name__, k, path, k))
            continue
        fake = getattr(cls, k)
        if stub.kind == "function" and callable(fake) and hasattr(fake, "__code__"):
            problems.extend("%s.%s: %s" % (cls.__name__, k, p)
                            for p in _compare(fake, stub.node, path + "." + k))
    return problems


def check_fake_function(func, path):
    """As check_fake_class for a module-level function (e.g. neopixel_write.neopixel_write)
    or a fake class standing in for a stub class's constructor."""
    member = _stub_member(path)
    if member.kind == "class":
        init = class_api(member).lookup("__init__")
        return _compare(func, init.node, path) if init is not None else []
    return _compare(func, member.node, path)


def _compare(fake, stub_funcs, path):
    import inspect
    try:
        sig = inspect.signature(fake)
    except (TypeError, ValueError):
        return []
    best = None
    for stub in stub_funcs:
        pos, n_posonly, required_pos, kwonly, required_kw, vararg, kwarg = \
            _params(stub, True)
        problems = []
        params = [p for p in sig.parameters.values() if p.name not in ("self", "cls")]
        for p in params:
            if p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD):
                continue
            required = p.default is p.empty
            if p.name in kwonly:
                if p.kind != p.KEYWORD_ONLY:
                    problems.append("%s: %r is keyword-only in CircuitPython" % (path, p.name))
                if required != (p.name in required_kw):
                    problems.append("%s: %r is %s in CircuitPython" % (
                        path, p.name, "required" if p.name in required_kw else "optional"))
            elif p.name in pos:
                if p.kind == p.KEYWORD_ONLY:
                    problems.append("%s: %r is positional in CircuitPython" % (path, p.name))
                if required != (p.name in required_pos):
                    problems.append("%s: %r is %s in CircuitPython" % (
                        path, p.name, "required" if p.name in required_pos else "optional"))
            elif kwarg is None:
                problems.append("%s has no parameter %r" % (path, p.name))
        if not problems:
            return []
        if best is None or len(problems) < len(best):
            best = problems
    return best or []



class Guard:
    """Mixin for a fake class (CPython): its TEST_ONLY names (the test's handles on the fake)
    answer only code under tests/; anything else reading them (code.py, lib/) gets StubError,
    since CircuitPython's object has no such name."""
    TEST_ONLY = ()

    def __getattribute__(self, name):
        if name in type(self).TEST_ONLY:
            caller = sys._getframe(1).f_code.co_filename
            if not os.path.abspath(caller).startswith(_TESTS):
                raise StubError("%s has no %r in CircuitPython (only the test's fake does)"
                                % (type(self).STUB, name))
        return object.__getattribute__(self, name)


_TESTS = os.path.dirname(os.path.dirname(os.path.abspath(__file__))) + os.sep  # tests/
