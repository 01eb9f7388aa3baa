"""Saves survive power cuts, corruption, foreign and newer records; the right backend is chosen."""
import os
import subprocess
import sys
import zlib

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
for p in (os.path.join(ROOT, "lib"), HERE):
    if p not in sys.path:
        sys.path.insert(0, p)

from handheld import records, store  # noqa: E402
import mp_store_check as check  # noqa: E402
from fakeflash import FakeFiles, FakeNvm  # noqa: E402
import mpvm  # noqa: E402


# -- the record format ----------------------------------------------------------------------

def test_crc32_matches_zlib_with_and_without_binascii():
    for data in (b"", b"a", b"Sixty-Six", bytes(range(256)) * 3):
        assert records.crc32(data) == zlib.crc32(data)
        assert records.crc32_py(data) == zlib.crc32(data)
    assert records.crc32_py(b"tail", records.crc32_py(b"head")) == zlib.crc32(b"headtail")


def test_sequence_numbers_wrap():
    assert records.is_newer(1, 0)
    assert not records.is_newer(0, 1)
    assert records.is_newer(0, 0xFFFF)
    assert not records.is_newer(5, 5)


def test_parse_tells_empty_valid_damaged_newer():
    rec = records.pack(1, 7, b"payload")
    assert records.parse(rec, 1) == (records.VALID, 7, b"payload")
    assert records.parse(rec + b"\xff" * 20, 1) == (records.VALID, 7, b"payload")
    assert records.parse(rec, 2)[0] == records.EMPTY            # another key's record
    assert records.parse(b"\xff" * 40, 1)[0] == records.EMPTY   # erased flash
    assert records.parse(bytes(40), 1)[0] == records.EMPTY      # fresh ESP32 nvm reads zeros
    assert records.parse(rec[:-1], 1)[0] == records.DAMAGED      # truncated
    newer = bytearray(rec)
    newer[2] = records.FORMAT + 1
    assert records.parse(newer, 1)[0] == records.NEWER
    erased_version = bytearray(rec)
    erased_version[2] = 0xFF  # power cut right after the magic was programmed
    assert records.parse(erased_version, 1)[0] == records.DAMAGED


def test_unknown_key_is_refused():
    with pytest.raises(ValueError, match="unknown save key 'score'"):
        store.NvmStore(FakeNvm()).load("score")


# -- power cuts -----------------------------------------------------------------------------

@pytest.mark.parametrize("prior", [0, 1, 2, 3])
def test_nvm_cut_at_every_byte_keeps_old_or_new(prior):
    # Slice model: the written area is erased to 0xFF, then programmed byte by byte.
    # 600 bytes is the size of a long match save; prior 1 and 3 write slot 1, 0 and 2 slot 0.
    out = check.cut_nvm_everywhere(8192, None, prior, 600)
    assert len(out) == records.HEADER + 600 + 2  # every step, plus the uncut write
    assert out[-1:] == b"n"
    assert set(out[:-1]) == ({ord("-")} if prior == 0 else {ord("o")})


@pytest.mark.parametrize("prior", [1, 2])
def test_nvm_page_rewrite_cut_at_every_byte(prior):
    # Page model (nRF52840: erase a whole page, program it back): slot 0 and 1 sit in
    # different pages, so the page being rewritten never holds the only good copy.
    # The new record is whole before the rest of its page is programmed back: "n" early.
    out = check.cut_nvm_everywhere(2048, 1024, prior, 200)
    assert len(out) == 1024 + 2
    assert out[:records.HEADER + 200 + 1] == b"o" * (records.HEADER + 200 + 1)
    assert set(out[records.HEADER + 200 + 1:]) == {ord("n")}


@pytest.mark.parametrize("prior", [0, 1, 2])
def test_file_cut_at_every_step_keeps_old_or_new(prior):
    out = check.cut_files_everywhere(prior, 300)
    assert out[-1:] == b"n"
    assert set(out[:-1]) <= {ord("o"), ord("-")}
    assert (ord("o") in out) == (prior > 0)


# -- corruption, truncation, foreign and newer records --------------------------------------

@pytest.mark.parametrize("mask", [0x01, 0x80, 0xFF])
def test_flipping_any_byte_never_loads_garbage(mask):
    out = check.flip_every_byte(64, mask)
    assert len(out) == records.HEADER + 64
    assert ord("o") in out


def test_damaged_only_save_starts_fresh_with_notice():
    nvm = FakeNvm()
    s = store.NvmStore(nvm)
    s.save("match", b"m" * 50)
    nvm.data[s.address("match", 0) + 20] ^= 0x10
    s = store.NvmStore(nvm)
    assert s.load("match") is None
    assert s.notice == store.NOTICE_DAMAGED
    assert s.save("match", b"fresh") and store.NvmStore(nvm).load("match") == b"fresh"


def test_truncated_files_load_old_or_nothing(tmp_path):
    files = FakeFiles()
    s = store.FileStore("/saves", files)
    s.save("stats", b"old stats")
    s.save("stats", b"new stats, a bit longer")
    newest = files.files["/saves/stats1.bin"]
    whole = bytes(newest)
    for n in range(len(whole)):
        files.files["/saves/stats1.bin"] = bytearray(whole[:n])
        assert store.FileStore("/saves", files).load("stats") == b"old stats"


def test_foreign_bytes_are_ignored_and_overwritten():
    nvm = FakeNvm()
    for i in range(len(nvm)):
        nvm.data[i] = (i * 7 + 3) & 0xFF  # somebody else's data
    nvm.data[0:2] = b"S6"                  # even with our magic at the start
    s = store.open_store(nvm=nvm)
    assert s.kind == "nvm"
    assert s.load("match") is None and s.notice is None
    assert s.save("match", b"ours")
    assert store.NvmStore(nvm).load("match") == b"ours"


def test_newer_format_record_is_reported_and_kept():
    assert check.newer_version_check() == b"newer"


# -- writes -------------------------------------------------------------------------------

def test_unchanged_payload_is_not_written_again():
    nvm = FakeNvm()
    s = store.NvmStore(nvm)
    assert s.save("settings", b"abc") and s.save("settings", b"abc")
    assert nvm.writes == 1
    assert store.NvmStore(nvm).save("settings", b"abc")  # also without a load first
    assert nvm.writes == 1
    assert s.save("settings", b"abd")
    assert nvm.writes == 2


def test_saves_alternate_slots_and_keys_stay_apart():
    nvm = FakeNvm()
    s = store.NvmStore(nvm)
    for i in range(5):
        for key in records.KEYS:
            assert s.save(key, (key + str(i)).encode())
    fresh = store.NvmStore(nvm)
    for key in records.KEYS:
        assert fresh.load(key) == (key + "4").encode()
    assert s.address("match", 1) - s.address("match", 0) == 4096


def test_payload_too_big_for_its_slot():
    with pytest.raises(ValueError, match="settings save is 60 bytes; its slot holds 52"):
        store.NvmStore(FakeNvm()).save("settings", bytes(60))


def test_ram_store_keeps_payloads_for_the_session_only():
    s = store.RamStore()
    assert s.kind == "ram" and s.notice == store.NOTICE_NO_STORAGE
    assert s.save("match", b"x") is False
    assert s.load("match") == b"x"


def test_no_space_keeps_the_old_file():
    files = FakeFiles(space=100)
    s = store.FileStore("/saves", files)
    assert s.save("match", b"o" * 40)
    assert not s.save("match", b"n" * 70)
    assert s.notice == store.NOTICE_FULL
    assert "/saves/match.tmp" not in files.files
    assert store.FileStore("/saves", files).load("match") == b"o" * 40


def test_notices_fit_the_screen():
    for name in dir(store):
        if name.startswith("NOTICE_"):
            for line in getattr(store, name).split("\n"):
                assert len(line) <= 26, line


# -- choosing a backend ---------------------------------------------------------------------

def test_open_store_prefers_nvm():
    s = store.open_store(nvm=FakeNvm(), root="/saves", files=FakeFiles())
    assert s.kind == "nvm" and s.notice is None


def test_open_store_small_nvm_falls_back_to_files(capsys):
    s = store.open_store(nvm=FakeNvm(size=256), root="/saves", files=FakeFiles())
    assert s.kind == "file" and s.notice is None
    assert "nvm has 256 bytes" in capsys.readouterr().out


def test_open_store_read_only_drive_keeps_ram_with_notice():
    s = store.open_store(root="/saves", files=FakeFiles(readonly=True))
    assert s.kind == "ram" and s.notice == "Saves off:\ndrive is read-only"


def test_open_store_without_anything_is_ram():
    s = store.open_store()
    assert s.kind == "ram" and s.notice == store.NOTICE_NO_STORAGE


def test_real_files_round_trip(tmp_path):
    root = str(tmp_path / "saves")
    s = store.open_store(root=root)
    assert s.kind == "file"
    for payload in (b"first", b"second", b"third"):
        assert s.save("match", payload)
        assert store.open_store(root=root).load("match") == payload
    assert sorted(os.listdir(root)) == ["match0.bin", "match1.bin"]
    s.erase("match")
    assert store.open_store(root=root).load("match") is None


# -- the same checks on the MicroPython VM --------------------------------------------------

def test_store_and_savedata_on_micropython_vm_match_cpython():
    script = os.path.join(HERE, "mp_store_check.py")
    # the heap holds this check's own fixtures too (a 25 KB RAM disk for VfsFat, 8 KB flash
    # images): at 128 KB a longer checkout path once left no 25 KB piece. The app's own memory
    # is measured elsewhere (test_app_micropython, python -m sim.bench app)
    mp = mpvm.run(script, heap="256k")
    assert mp.returncode == 0, mp.stdout + mp.stderr
    env = dict(os.environ, PYTHONPATH=os.pathsep.join((os.path.join(ROOT, "lib"), HERE)))
    cp = subprocess.run([sys.executable, script], cwd=ROOT, env=env,
                        capture_output=True, text=True, timeout=60)
    assert cp.returncode == 0, cp.stdout + cp.stderr
    mp_last = mp.stdout.strip().splitlines()[-1]
    assert mp_last.startswith("OK ")
    assert mp_last == cp.stdout.strip().splitlines()[-1]
