"""The board layer against CircuitPython's own API (circuitpython-stubs, pinned in
requirements.txt): every hardware name code.py, boot.py and lib/handheld use, each board
profile's pins on its board, the modules each board has built in, and the tests' fakes.

CIRCUITPY_STUBS=DIR runs the same checks against another unpacked circuitpython-stubs wheel.
"""
import ast
import glob
import os
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
for p in (os.path.join(ROOT, "lib"), HERE):
    if p not in sys.path:
        sys.path.insert(0, p)

from handheld import boards  # noqa: E402
import cpstubs  # noqa: E402
import fakeboard as fb  # noqa: E402
import fakehw  # noqa: E402
import hwnames  # noqa: E402

PROFILE_BOARDS = [ids[0] for ids, _, _ in boards.KNOWN]
SOURCES = ["code.py", "boot.py"] + sorted(
    os.path.relpath(p, ROOT) for p in glob.glob(os.path.join(ROOT, "lib", "handheld", "*.py")))

# Parameters the checker cannot type from the file alone: name -> stub class(es), per file.
HINTS = {
    "code.py": {},
    "lib/handheld/powerup.py": {"board": "board"},
    "lib/handheld/input.py": {"scanner": "keypad.Keys|keypad.ShiftRegisterKeys",
                                 "event": "keypad.Event",
                                 "x": "analogio.AnalogIn", "y": "analogio.AnalogIn"},
    "lib/handheld/bootmode.py": {"scanner": "keypad.Keys|keypad.ShiftRegisterKeys"},
    "lib/handheld/feedback.py": {"out": "audioio.AudioOut|audiopwmio.PWMAudioOut",
                                 "enable": "digitalio.DigitalInOut",
                                 "pin": "digitalio.DigitalInOut",
                                 "power": "digitalio.DigitalInOut",
                                 "write": "neopixel_write.neopixel_write"},
    "lib/handheld/fxsetup.py": {"board": "board",
                                "enable": "digitalio.DigitalInOut",
                                "power": "digitalio.DigitalInOut"},
    "lib/handheld/layout.py": {"display": "busdisplay.BusDisplay"},
    "lib/handheld/pagebuild.py": {"display": "busdisplay.BusDisplay"},
}

# Imports that may be missing on a board by design: sound and lights are extras, and
# fxsetup.tone_args / pixel_args never raise (tests/test_feedback.py, every profile).
OPTIONAL_FILES = ("lib/handheld/feedback.py", "lib/handheld/fxsetup.py")


def _need_stubs():
    if cpstubs.stubs_dir() is None:
        pytest.fail("circuitpython-stubs is not installed: pip install -r requirements.txt")


def board_names_and_types():
    """Names on at least one profile board (plus board-stubs' common ones), their types."""
    names = set(cpstubs.module_api("board").members)
    types = {}
    for board_id in PROFILE_BOARDS:
        stub = cpstubs.board_stub(board_id)
        names |= stub.names
        for n, m in stub.api.members.items():
            if m.kind == "value" and n not in stub.pins:
                types.setdefault(n, set()).update(cpstubs.resolve_types(m.node, stub.api))
    return names, types


def check(rel, source=None, hints=None):
    names, types = board_names_and_types()
    if source is None:
        with open(os.path.join(ROOT, rel)) as f:
            source = f.read()
    return hwnames.check_source(source, rel, names, types,
                                HINTS.get(rel, {}) if hints is None else hints)


def test_the_pinned_stubs_are_installed():
    _need_stubs()
    with open(os.path.join(ROOT, "requirements.txt")) as f:
        pinned = [line.split("==")[1].strip() for line in f
                  if line.startswith("circuitpython-stubs==")]
    assert len(pinned) == 1
    if not os.environ.get("CIRCUITPY_STUBS"):
        assert cpstubs.version() == pinned[0]


def test_every_hardware_name_is_in_the_stubs():
    _need_stubs()
    problems = []
    for rel in SOURCES:
        problems.extend(check(rel)[0])
    assert problems == [], "\n".join(problems)


def test_the_checker_sees_the_hardware_names():
    # Not vacuous: the names each file reaches are resolved against the stubs.
    seen = {}
    for rel in SOURCES:
        seen[rel] = check(rel)[2]
    expect = {
        "code.py": {"board.DISPLAY", "supervisor.ticks_ms"},
        "lib/handheld/powerup.py": {"keypad.ShiftRegisterKeys", "keypad.Event",
                                    "board.BUTTON_CLOCK", "keypad.EventQueue.get_into",
                                    "keypad.EventQueue.overflowed",
                                    "keypad.ShiftRegisterKeys.reset"},
        "lib/handheld/boards.py": {"keypad.Keys", "keypad.ShiftRegisterKeys",
                                   "analogio.AnalogIn", "board.BUTTON_CLOCK",
                                   "board.JOYSTICK_X", "board.SPEAKER", "board.NEOPIXEL",
                                   "board.board_id"},
        "lib/handheld/feedback.py": {"audioio.AudioOut.play", "audiopwmio.PWMAudioOut.stop"},
        "lib/handheld/fxsetup.py": {"audioio.AudioOut", "audiopwmio.PWMAudioOut",
                                    "audiocore.RawSample", "digitalio.DigitalInOut",
                                    "digitalio.DigitalInOut.switch_to_output",
                                    "digitalio.DigitalInOut.deinit",
                                    "neopixel_write.neopixel_write", "board.SPEAKER_ENABLE",
                                    "board.NEOPIXEL_POWER"},
        "lib/handheld/input.py": {"keypad.Keys.events", "keypad.EventQueue.get_into",
                                     "keypad.Event.key_number", "keypad.Event.pressed",
                                     "keypad.ShiftRegisterKeys.reset", "analogio.AnalogIn.value"},
        "lib/handheld/bootmode.py": {"storage.remount", "keypad.EventQueue.get",
                                     "keypad.Event.pressed", "keypad.Keys.deinit"},
        "lib/handheld/layout.py": {"busdisplay.BusDisplay.width", "busdisplay.BusDisplay.height"},
        "lib/handheld/tablebuild.py": {"displayio.Group", "vectorio.Rectangle",
                                       "displayio.Palette"},
        "lib/handheld/grids.py": {"displayio.TileGrid", "displayio.Palette", "terminalio.FONT",
                                  "fontio.BuiltinFont.bitmap",
                                  "displayio.Palette.make_transparent"},
        "lib/handheld/pagebuild.py": {"displayio.Group", "vectorio.Rectangle",
                                      "busdisplay.BusDisplay.root_group",
                                      "busdisplay.BusDisplay.auto_refresh"},
        "lib/handheld/store.py": {"microcontroller.nvm"},
        "lib/handheld/cardpaint.py": {"displayio.Bitmap", "displayio.Palette.make_transparent"},
        "lib/handheld/cardfaces.py": {"bitmaptools.fill_region"},
    }
    for rel, names in expect.items():
        assert names <= seen[rel], (rel, sorted(names - seen[rel]))


OLD_CLUE_FEEDBACK = '''\
def make_tone(board, audiocore=None, audioout=None):
    if audioout is None:
        try:
            import audioio as audioout
        except ImportError:
            import audiopwmio as audioout
    return audioout.AudioOut(board.SPEAKER)
'''


def test_the_checker_finds_issue_19_with_file_and_line():
    problems = check("lib/handheld/feedback.py", OLD_CLUE_FEEDBACK, {})[0]
    assert problems == ["lib/handheld/feedback.py:7: audiopwmio has no AudioOut "
                        "(circuitpython-stubs %s)" % cpstubs.version()]


BAD = '''\
import board
import keypad
import neopixel
from digitalio import DigitalInOut, Pulls
keys = keypad.Keys((board.D1,), True)
keys = keypad.Keys((board.D1,), value_when_pressed=True, pul=True)
sr = keypad.ShiftRegisterKeys(clock=board.BUTTON_CLOCK, data=board.BUTTON_OUT, key_count=8,
                              value_when_pressed=True)
pin = getattr(board, "SPEAKER_ENABEL", None)
x = _pin(board, "JOYSTICK_Z", "PyGamer")


class K:
    def __init__(self):
        self.keys = keypad.Keys((board.D1,), value_when_pressed=True)

    def poll(self):
        return self.keys.events.get_intoo(keypad.Event())
'''


def test_the_checker_names_each_kind_of_mistake():
    problems = [p.split(" (circuitpython-stubs")[0] for p in check("x.py", BAD, {})[0]]
    assert problems == [
        "x.py:3: no CircuitPython module or pinned library 'neopixel'",
        "x.py:4: digitalio has no Pulls",
        "x.py:5: keypad.Keys(...) takes 1 positional arguments, given 2",
        "x.py:6: keypad.Keys(...) has no keyword argument 'pul' (it takes pins, "
        "value_when_pressed, pull, interval, max_events, debounce_threshold)",
        "x.py:7: keypad.ShiftRegisterKeys(...) needs latch",
        "x.py:9: board.SPEAKER_ENABEL is on none of the profile boards",
        "x.py:10: board.JOYSTICK_Z is on none of the profile boards",
        "x.py:18: keypad.EventQueue has no get_intoo",
    ]


@pytest.mark.parametrize("board_id", PROFILE_BOARDS)
def test_each_profile_uses_only_its_boards_pins(board_id):
    _need_stubs()
    stub = cpstubs.board_stub(board_id)
    assert stub is not None, "circuitpython-stubs has no board %r" % board_id
    board = fb.stub_board(board_id)  # exactly the pins the stub lists
    keypad, analogio = fb.Keypad(), fb.Analogio()
    profile = boards.known_profile(board, keypad, analogio)
    profile.make_input()  # a pin the board lacks would raise BoardError naming it
    scanner = keypad.made[0]
    pins = scanner.args["pins"] if scanner.kind == "Keys" else [
        scanner.args["clock"], scanner.args["data"], scanner.args["latch"]]
    assert all(p.name in stub.pins for p in pins)
    assert all(name in stub.pins for name in analogio.inputs)
    assert profile.has_speaker == ("SPEAKER" in stub.pins)
    assert profile.has_neopixels == ("NEOPIXEL" in stub.pins)


def test_fakeboards_pin_lists_are_on_their_boards():
    for board_id, pins in (("pygamer", fb.PYGAMER_PINS), ("pybadge", fb.PYBADGE_PINS),
                           ("clue_nrf52840_express", fb.CLUE_PINS),
                           ("adafruit_feather_esp32s3_reverse_tft", fb.REVERSE_TFT_PINS)):
        assert set(pins) <= cpstubs.board_stub(board_id).pins, board_id


def test_modules_the_game_needs_are_built_into_every_profile_board():
    needed = {}
    for rel in SOURCES:
        for module, line, optional in check(rel)[1]:
            top = module.split(".")[0]
            if optional or rel in OPTIONAL_FILES or top in cpstubs.LIBRARIES:
                continue
            needed.setdefault(top, "%s:%d" % (rel, line))
    assert {"board", "keypad", "supervisor", "displayio", "storage"} <= set(needed)
    missing = ["%s (%s) is not built into %s" % (m, where, b)
               for b in PROFILE_BOARDS for m, where in sorted(needed.items())
               if m not in cpstubs.board_stub(b).modules]
    assert missing == []


def _fake_classes():
    out = []
    for mod in (fb, fakehw):
        for name in dir(mod):
            obj = getattr(mod, name)
            if isinstance(obj, type) and "STUB" in vars(obj):
                out.append(obj)
    return out


def test_every_fake_class_offers_only_what_its_stub_has():
    classes = _fake_classes()
    assert {c.__name__ for c in classes} >= {"Event", "EventQueue", "Scanner", "Keypad",
                                            "AnalogIn", "Analogio", "DigitalInOut",
                                            "RawSample", "AudioOut", "PWMAudioOut", "Pin"}
    problems = []
    for cls in classes:
        stubs = cls.STUB if isinstance(cls.STUB, tuple) else (cls.STUB,)
        test_only = getattr(cls, "TEST_ONLY", ())
        for path in stubs:
            if cpstubs.module_api(path) is not None:  # a fake module
                api = cpstubs.module_api(path)
                for k in vars(cls):
                    if k.startswith("_") or k in ("STUB", "TEST_ONLY") or k in test_only:
                        continue
                    if api.lookup(k) is None:
                        problems.append("%s.%s: %s has no %r" % (cls.__name__, k, path, k))
                    elif callable(getattr(cls, k)) and api.lookup(k).kind == "class":
                        problems.extend(cpstubs.check_fake_function(
                            getattr(cls, k), "%s.%s" % (path, k)))
            else:
                problems.extend(cpstubs.check_fake_class(cls, path, test_only))
    # attributes the fakes set on their instances
    samples = [(fb.Event(), "keypad.Event"), (fb.EventQueue(4), "keypad.EventQueue"),
               (fb.Scanner("Keys", {}), "keypad.Keys"),
               (fb.AnalogIn(fb.Pin("A0")), "analogio.AnalogIn"),
               (fakehw.DigitalInOut(fb.Pin("D1")), "digitalio.DigitalInOut"),
               (fakehw.RawSample(b"", sample_rate=8000), "audiocore.RawSample"),
               (fakehw.AudioOut(fb.Pin("A0")), "audioio.AudioOut"),
               (fakehw.PWMAudioOut(fb.Pin("A0")), "audiopwmio.PWMAudioOut")]
    for obj, path in samples:
        api = cpstubs.class_api(cpstubs.module_api(path.rsplit(".", 1)[0]).lookup(
            path.rsplit(".", 1)[1]))
        for k in vars(obj):
            if not k.startswith("_") and k not in type(obj).TEST_ONLY and api.lookup(k) is None:
                problems.append("%s().%s: %s has no %r" % (type(obj).__name__, k, path, k))
    problems.extend(cpstubs.check_fake_function(fakehw.Written().neopixel_write,
                                                "neopixel_write.neopixel_write"))
    problems.extend(cpstubs.check_fake_function(fakehw.Storage().remount, "storage.remount"))
    assert problems == [], "\n".join(problems)


def test_the_fake_checks_catch_an_invented_api():
    class Out(fakehw._Out):
        STUB = "audiopwmio.PWMAudioOut"

        def play(self, sample, loop=False):  # loop is keyword-only on the board
            pass

        def volume(self, v):  # no such method
            pass

    problems = cpstubs.check_fake_class(Out, Out.STUB, Out.TEST_ONLY)
    assert problems == ["Out.play: audiopwmio.PWMAudioOut.play: 'loop' is keyword-only in "
                        "CircuitPython", "Out.volume: audiopwmio.PWMAudioOut has no 'volume'"]
    with pytest.raises(cpstubs.StubError, match="board pybadge has no JOYSTICK_X"):
        fb.Board("pybadge", fb.PYGAMER_PINS)
    with pytest.raises(cpstubs.StubError, match="microcontroller has no 'nvm_size'"):
        fakehw.module("microcontroller", nvm_size=8192)
    mc = fakehw.module("microcontroller", nvm=bytearray(8))
    with pytest.raises(AttributeError, match="has no attribute 'nvram'"):
        mc.nvram


def test_test_only_handles_are_refused_to_the_game():
    keypad = fb.Keypad()
    scanner = keypad.Keys((fb.Pin("D1"),), value_when_pressed=False)
    assert scanner.down == [] and keypad.made == [scanner]  # the test may
    fake_lib = os.path.join(ROOT, "lib", "handheld", "x.py")
    code = compile("def f(s, k):\n    return s.events.get(), k.made\n", fake_lib, "exec")
    space = {}
    exec(code, space)
    with pytest.raises(cpstubs.StubError, match=r"keypad has no 'made'"):
        space["f"](scanner, keypad)
    code = compile("def f(s):\n    s.press(1)\n", fake_lib, "exec")
    exec(code, space)
    with pytest.raises(cpstubs.StubError, match=r"has no 'press'"):
        space["f"](scanner)


def test_known_gaps_in_the_stubs_are_still_gaps():
    # Each entry: the firmware takes it, the stub's signature does not name it, its docstring
    # does. When a newer stub adds it, drop the entry.
    for path, names in cpstubs.KNOWN_GAPS.items():
        mod, _, cls = path.rpartition(".")
        member = cpstubs.module_api(mod).lookup(cls)
        init = cpstubs.class_api(member).lookup("__init__").node[0]
        params = [a.arg for a in init.args.args + init.args.kwonlyargs]
        doc = ast.get_docstring(init) or ""
        for name in names:
            assert name not in params and (":param int %s:" % name) in doc, (path, name)


# ---- adafruit_display_text: its accent path needs CircuitPython 10.1 -----------------------

def _library_source(name):
    return cpstubs._library_path(name)


def accent_entries():
    """Label names that turn on bitmap_label's accent path (the only one calling
    bitmaptools.replace_color, new in CircuitPython 10.1): methods that add to, or hand out,
    its _accent_ranges list, and the methods calling those."""
    with open(_library_source("adafruit_display_text.bitmap_label")) as f:
        tree = ast.parse(f.read())
    label = [n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Label"][0]
    funcs = [n for n in label.body if isinstance(n, ast.FunctionDef)]
    callers = set()
    entries = set()  # then the methods that call one of them
    for fn in funcs:
        for node in ast.walk(fn):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                    and ast.unparse(node.func) == "bitmaptools.replace_color":
                callers.add(fn.name)
            if isinstance(node, ast.Attribute) and node.attr in ("append", "extend",
                                                                 "insert") \
                    and ast.unparse(node.value) == "self._accent_ranges":
                entries.add(fn.name)
            if isinstance(node, ast.Return) and node.value is not None \
                    and ast.unparse(node.value) == "self._accent_ranges":
                entries.add(fn.name)
    grew = True
    while grew:
        grew = False
        for fn in funcs:
            if fn.name in entries:
                continue
            for node in ast.walk(fn):
                if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                        and ast.unparse(node.func.value) == "self" \
                        and node.func.attr in entries:
                    entries.add(fn.name)
                    grew = True
                    break
    return callers, entries


def _guarded_by_accents(tree):
    """True if every bitmaptools.replace_color call sits inside a loop over, or a test of,
    self._accent_ranges (so an empty list never reaches it)."""
    ok = []

    def visit(node, guarded):
        if isinstance(node, (ast.If, ast.While)) and "_accent_ranges" in ast.unparse(node.test):
            guarded = True
        if isinstance(node, ast.For) and "_accent_ranges" in ast.unparse(node.iter):
            guarded = True
        if isinstance(node, ast.Call) and ast.unparse(node.func) == "bitmaptools.replace_color":
            ok.append(guarded)
        for child in ast.iter_child_nodes(node):
            visit(child, guarded)

    visit(tree, False)
    return bool(ok) and all(ok)


def accent_uses(source, entries):
    """Lines of source that use a Label accent entry (any attribute of that name)."""
    return sorted(set(node.lineno for node in ast.walk(ast.parse(source))
                      if isinstance(node, ast.Attribute) and node.attr in entries))


def test_the_game_never_reaches_bitmap_label_accents():
    callers, entries = accent_entries()
    assert callers == {"_place_text"}, callers  # the library changed: check its paths again
    with open(_library_source("adafruit_display_text.bitmap_label")) as f:
        assert _guarded_by_accents(ast.parse(f.read()))
    assert {"add_accent_range", "add_accent_to_substring", "accent_ranges"} <= entries
    used = {}
    for rel in SOURCES:
        with open(os.path.join(ROOT, rel)) as f:
            lines = accent_uses(f.read(), entries)
        if lines:
            used[rel] = lines
    assert used == {}, ("these lines reach bitmap_label's accents, which need CircuitPython "
                        "10.1 (bitmaptools.replace_color): %r" % used)
    # and the check would see a use
    assert accent_uses("lb = bitmap_label.Label(FONT)\nlb.add_accent_range(0, 2, 1, 0)\n",
                       entries) == [2]


def test_the_libraries_the_game_imports_use_only_names_the_board_has():
    # adafruit_display_text and adafruit_ticks run on the desktop against Blinka: here their
    # CircuitPython names meet the stubs. Only the accent path's replace_color may be missing
    # (older stubs: CIRCUITPY_STUBS=... shows it); the test above keeps the game off it.
    names, types = board_names_and_types()
    seen = set()
    problems = []
    for mod in ("adafruit_display_text", "adafruit_display_text.bitmap_label", "adafruit_ticks"):
        path = _library_source(mod)
        with open(path) as f:
            source = f.read()
        accent_lines = set(n.lineno for n in ast.walk(ast.parse(source))
                           if isinstance(n, ast.Call)
                           and ast.unparse(n.func) == "bitmaptools.replace_color")
        got, _, names_seen = hwnames.check_source(source, mod, names, types, {})
        seen |= names_seen
        problems.extend(p for p in got if int(p.split(":")[1]) not in accent_lines)
    assert problems == [], "\n".join(problems)
    assert {"displayio.Group", "displayio.Palette", "displayio.Bitmap",
            "displayio.TileGrid"} <= seen


def test_the_vm_boards_stand_ins_offer_only_what_their_stubs_have():
    """tests/support/vmboard.py (the app check's PyGamer on the VMs; machine code there, so
    read here with @micropython.native as a no-op): every class, method, parameter and
    attribute is in circuitpython-stubs. Its ShiftRegisterKeys is its own `events`: each of
    its names is in keypad.ShiftRegisterKeys or keypad.EventQueue; `press` is the check's."""
    class Micropython:
        @staticmethod
        def native(f):
            return f

    path = os.path.join(HERE, "support", "vmboard.py")
    with open(path) as f:
        ns = {"micropython": Micropython, "__name__": "vmboard"}
        exec(compile(f.read(), path, "exec"), ns)
    ns["setup"](None)
    try:
        mods = {k: sys.modules[k] for k in ("board", "microcontroller", "keypad", "analogio",
                                            "digitalio", "audiocore", "audioio",
                                            "neopixel_write")}
    finally:
        for k in ("board", "microcontroller", "keypad", "analogio", "digitalio", "audiocore",
                  "audioio", "neopixel_write"):
            sys.modules.pop(k, None)
    problems = []
    queue = set(cpstubs.class_api(cpstubs._stub_member("keypad.EventQueue")).members)
    keys = set(cpstubs.class_api(cpstubs._stub_member("keypad.ShiftRegisterKeys")).members)
    for mod, k in (("keypad", "ShiftRegisterKeys"), ("keypad", "Event"),
                   ("analogio", "AnalogIn"), ("digitalio", "DigitalInOut"),
                   ("audiocore", "RawSample"), ("audioio", "AudioOut")):
        cls = getattr(mods[mod], k)
        path = mod + "." + k
        both = queue | keys if k == "ShiftRegisterKeys" else set()
        problems.extend(p for p in cpstubs.check_fake_class(cls, path, ("press",)) if not any(
            p.endswith("has no %r" % n) for n in both))
        obj = (cls(clock="C", data="D", latch="L", key_count=4, value_when_pressed=True)
               if k == "ShiftRegisterKeys" else cls() if k == "Event" else
               cls(b"", sample_rate=8000) if k == "RawSample" else cls("A0"))
        api = cpstubs.class_api(cpstubs._stub_member(path))
        for n in vars(obj):
            if not n.startswith("_") and api.lookup(n) is None and n not in both:
                problems.append("%s().%s: %s has no %r" % (k, n, path, n))
    problems.extend(cpstubs.check_fake_function(mods["neopixel_write"].neopixel_write,
                                                "neopixel_write.neopixel_write"))
    stub = cpstubs.board_stub("pygamer")
    problems.extend("board.%s: pygamer has no %s" % (n, n) for n in vars(mods["board"])
                    if not n.startswith("_") and n != "board_id" and n not in stub.names)
    problems.extend("microcontroller.%s" % n for n in vars(mods["microcontroller"])
                    if not n.startswith("_") and cpstubs.module_api("microcontroller").lookup(n)
                    is None)
    assert problems == [], "\n".join(problems)
