"""Saves survive power cuts, corruption, foreign and newer records; the right backend is chosen."""
import os
import subprocess
import sys
import zlib

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
for p in (os.path.join(ROOT, "lib"), os.path.join(HERE, "support"), os.path.join(HERE, "vm")):
    if p not in sys.path:
        sys.path.insert(0, p)

from handheld import records, store  # noqa: E402
import mp_store_check as check  # noqa: E402
import fakeflash  # noqa: E402
from fakeflash import FakeFiles  # noqa: E402
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


def nvm8k():
    return bytearray(b"\xff" * 8192)


# -- power cuts on the board models (tests/support/fakeflash.py) ------------------------------------

@pytest.mark.parametrize("i", range(len(fakeflash.BOARDS)))
def test_a_cut_at_every_point_of_representative_saves_loses_nothing(i):
    # 4 saves of a 300-byte state: the first, then onto each copy twice; every erase cut
    # half way, every byte of every program unit cut. sweep raises on a lost record.
    out = check.sweep(i, 4, 300)
    assert set(out) <= {ord("o"), ord("n"), ord("-")}
    assert ord("o") in out and ord("n") in out


def test_the_two_copies_never_share_an_erase_unit():
    for i in range(len(fakeflash.BOARDS)):
        name, nvm, files, unit, _, _ = fakeflash.board(i)
        s = store.open_store(nvm=nvm, root="/saves", files=files, unit=unit)
        nv = [c for c in s.copies if isinstance(c, store.NvmCopy)]
        assert len(s.copies) - len(nv) == 1, name  # one file on CIRCUITPY
        if unit:  # CLUE: one copy per 4 KB page as well
            assert [c.start // unit for c in nv] == [0, 1] and store.CAPACITY <= unit
        else:  # the whole nvm is one unit: one copy there
            assert len(nv) == 1


def test_writes_go_to_the_drive_every_other_time_and_share_the_rest():
    name, nvm, files, unit, _, _ = fakeflash.board(1)  # CLUE: two pages and a file
    s = store.open_store(nvm=nvm, root="/saves", files=files, unit=unit)
    for k in range(8):
        assert s.save(bytes([k]) * 50)
    assert nvm.flash.erases == [2, 2], "a quarter of the writes on each nvm page"
    assert store.open_store(nvm=nvm, root="/saves", files=files, unit=unit).load() == \
        bytes([7]) * 50


def test_samd51_nvm_write_erases_the_whole_block_and_a_cut_leaves_it_blank():
    nvm = fakeflash.SamdNvm()
    nvm[0:4] = b"abcd"
    nvm[5000:5004] = b"efgh"
    assert nvm.flash.erases == [2]
    seen = []
    fakeflash.for_each_cut([nvm], lambda: nvm.__setitem__(slice(100, 104), b"wxyz"),
                           lambda: seen.append((bytes(nvm[0:4]), bytes(nvm[5000:5004]))))
    assert (b"\xff" * 4, b"efgh") in seen  # the erase cut half way
    assert (b"abcd", b"\xff" * 4) in seen  # programmed up to the middle of the block
    assert len(seen) == 8192 + 1


def test_nrf52840_nvm_write_rewrites_only_the_pages_it_touches():
    nvm = fakeflash.NrfNvm()
    nvm[4000:4200] = b"x" * 200  # spans both pages
    assert nvm.flash.erases == [1, 1]
    nvm[10:20] = b"y" * 10
    assert nvm.flash.erases == [2, 1]


def test_esp32s3_nvm_cut_leaves_no_blob_it_reads_zeros():
    nvm = fakeflash.EspNvm()
    nvm[0:4] = b"abcd"
    seen = set()
    fakeflash.for_each_cut([nvm], lambda: nvm.__setitem__(slice(10, 12), b"zz"),
                           lambda: seen.add(bytes(nvm[0:12])))
    assert seen == {bytes(12)}
    assert bytes(nvm[0:12]) == b"abcd" + bytes(6) + b"zz"


def test_a_file_copy_is_rewritten_in_place_without_the_fat():
    files = fakeflash.FatFiles()
    s = store.open_store(nvm=fakeflash.SamdNvm(), root="/saves", files=files, unit=None)
    s.save(b"1" * 100)  # nvm
    s.save(b"2" * 100)  # creates the file: FAT sector and the folder's sector
    fat = files.flash.erases[0]
    folder = files.flash.erases[1]
    for k in range(6):
        s.save(bytes([k]) * 100)
    assert files.flash.erases[0] == fat, "in place: the FAT sector is never erased again"
    assert files.flash.erases[1] == folder + 3, "one flush of the file's sector per file save"


def test_the_esp32s3_drive_rewrites_a_sector_per_block_written():
    files = fakeflash.FatFiles(mode="through")
    s = store.open_store(nvm=fakeflash.EspNvm(), root="/saves", files=files, unit=None)
    for k in range(4):
        s.save(bytes([k]) * 100)
    before = files.flash.erases[1]
    s.save(b"x" * 100)  # nvm
    s.save(b"y" * 100)  # the file: its data block, then its folder entry
    assert files.flash.erases[1] == before + 2


# -- corruption, truncation, foreign and newer records --------------------------------------

@pytest.mark.parametrize("mask", [0x01, 0x80, 0xFF])
def test_flipping_any_byte_never_loads_garbage(mask):
    out = check.flip_every_byte(64, mask)
    assert len(out) == records.HEADER + 64
    assert ord("o") in out


def test_damaged_only_save_starts_fresh_with_notice():
    nvm = nvm8k()
    s = store.NvmStore(nvm)
    s.save(b"m" * 50)
    nvm[20] ^= 0x10
    s = store.NvmStore(nvm)
    assert s.load() is None
    assert s.notice == store.NOTICE_DAMAGED
    assert s.save(b"fresh") and store.NvmStore(nvm).load() == b"fresh"


def test_truncated_files_load_old_or_nothing():
    files = FakeFiles()
    s = store.open_store(root="/saves", files=files)
    s.save(b"old state")
    s.save(b"new state, a bit longer")
    whole = bytes(files.files["/saves/state1.bin"])
    assert len(whole) == store.FILE_BLOCK  # padded: the size never changes
    for n in range(records.HEADER + len(b"new state, a bit longer")):
        files.files["/saves/state1.bin"] = bytearray(whole[:n])
        assert store.open_store(root="/saves", files=files).load() == b"old state"


def test_foreign_bytes_are_ignored_and_overwritten():
    nvm = nvm8k()
    for i in range(len(nvm)):
        nvm[i] = (i * 7 + 3) & 0xFF  # somebody else's data
    nvm[0:2] = b"S6"                  # even with our magic at the start
    s = store.open_store(nvm=nvm, unit=4096)
    assert s.kind == "nvm"
    assert s.load() is None and s.notice is None
    assert s.save(b"ours")
    assert store.NvmStore(nvm).load() == b"ours"


def test_newer_format_record_is_reported_and_kept():
    assert check.newer_version_check() == b"newer"


# -- writes -------------------------------------------------------------------------------

def test_unchanged_payload_is_not_written_again():
    nvm = fakeflash.NrfNvm()
    s = store.NvmStore(nvm)
    assert s.save(b"abc") and s.save(b"abc")
    assert nvm.writes == 1
    assert store.NvmStore(nvm).save(b"abc")  # also without a load first
    assert nvm.writes == 1
    assert s.save(b"abd")
    assert nvm.writes == 2


def test_saves_alternate_copies():
    nvm = nvm8k()
    s = store.NvmStore(nvm)
    for i in range(5):
        assert s.save(b"state%d" % i)
        assert store.NvmStore(nvm).load() == b"state%d" % i
    assert records.parse(nvm[0:40], store.KID)[2] == b"state4"
    assert records.parse(nvm[4096:4136], store.KID)[2] == b"state3"


def test_payload_too_big_for_a_copy():
    with pytest.raises(ValueError, match="save is 1020 bytes; a copy holds 1012"):
        store.NvmStore(nvm8k()).save(bytes(1020))


def test_ram_store_keeps_payloads_for_the_session_only():
    s = store.RamStore()
    assert s.kind == "ram" and s.notice == store.NOTICE_NO_STORAGE
    assert s.save(b"x") is False
    assert s.load() == b"x"


def test_no_space_keeps_the_old_file():
    files = FakeFiles(space=600)  # a file copy takes 512 bytes
    s = store.open_store(root="/saves", files=files)
    assert s.save(b"o" * 40)
    assert not s.save(b"n" * 200)
    assert s.notice == store.NOTICE_FULL
    assert store.open_store(root="/saves", files=files).load() == b"o" * 40


def test_notices_fit_the_screen():
    for name in dir(store):
        if name.startswith("NOTICE_"):
            for line in getattr(store, name).split("\n"):
                assert len(line) <= 26, line


# -- choosing a backend ---------------------------------------------------------------------

def test_open_store_on_a_clue_with_a_read_only_drive_keeps_both_copies_in_nvm():
    s = store.open_store(nvm=nvm8k(), root="/saves", files=FakeFiles(readonly=True), unit=4096)
    assert s.kind == "nvm" and s.notice is None and len(s.copies) == 2


def test_open_store_with_one_erase_unit_puts_the_second_copy_in_a_file():
    s = store.open_store(nvm=nvm8k(), root="/saves", files=FakeFiles(), unit=None)
    assert s.kind == "nvm+file" and s.notice is None


def test_one_erase_unit_and_a_read_only_drive_says_so_and_saves_in_nvm():
    s = store.open_store(nvm=nvm8k(), root="/saves", files=FakeFiles(readonly=True), unit=None)
    assert s.kind == "nvm" and len(s.copies) == 1 and s.notice == store.NOTICE_ONE_COPY
    assert s.save(b"x")


def test_nvm_unit_comes_from_the_platform(monkeypatch):
    monkeypatch.setattr(sys, "platform", "nRF52840")
    assert store.nvm_unit() == 4096
    monkeypatch.setattr(sys, "platform", "MicroChip SAMD51")
    assert store.nvm_unit() is None


def test_open_store_small_nvm_falls_back_to_files(capsys):
    s = store.open_store(nvm=bytearray(256), root="/saves", files=FakeFiles())
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
        assert s.save(payload)
        assert store.open_store(root=root).load() == payload
    assert sorted(os.listdir(root)) == ["state0.bin", "state1.bin"]
    assert os.path.getsize(os.path.join(root, "state0.bin")) == store.FILE_BLOCK
    s.erase()
    assert store.open_store(root=root).load() is None


# -- the same checks on the MicroPython VM --------------------------------------------------

@pytest.mark.parametrize("vm", ["micropython", "circuitpython"])
def test_store_and_savedata_on_the_vms_match_cpython(vm):
    script = os.path.join(HERE, "vm", "mp_store_check.py")
    # the heap holds this check's own fixtures too (a 25 KB RAM disk for VfsFat, 8 KB flash
    # images): at 128 KB a longer checkout path once left no 25 KB piece. The app's own memory
    # is measured elsewhere (test_app_micropython, python -m sim.bench app)
    run = mpvm.run if vm == "micropython" else mpvm.run_cp  # run_cp: the 32-bit build
    mp = run(script, heap="512k")
    assert mp.returncode == 0, mp.stdout + mp.stderr
    env = dict(os.environ, PYTHONPATH=os.pathsep.join((os.path.join(ROOT, "lib"),
                                                       os.path.join(HERE, "support"))))
    cp = subprocess.run([sys.executable, script], cwd=ROOT, env=env,
                        capture_output=True, text=True, timeout=60)
    assert cp.returncode == 0, cp.stdout + cp.stderr
    mp_last = mp.stdout.strip().splitlines()[-1]
    assert mp_last.startswith("OK ")
    assert mp_last == cp.stdout.strip().splitlines()[-1]


def test_bench_saves_runs_the_scripted_matches_and_ends_with_its_line(capsys):
    import re
    from sim import bench_saves
    assert bench_saves.main(["--no-cuts"]) == 0  # the cut sweep itself: python -m sim.bench saves
    out = capsys.readouterr().out.strip().splitlines()
    assert re.match(r"^saves: lost 0 records at 0 cut points; shortest lifetime \d+ years \(.+\)$",
                    out[-1]), out[-1]
    assert sum(1 for line in out if "writes (" in line) == len(fakeflash.BOARDS)
