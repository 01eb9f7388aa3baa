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

from handheld import savelayout, saveread, store  # noqa: E402
from handheld.crcpy import crc32 as crc32_py  # noqa: E402
import mp_store_check as check  # noqa: E402
from mp_store_check import pack  # noqa: E402
import fakeflash  # noqa: E402
from fakeflash import FakeFiles  # noqa: E402
import mpvm  # noqa: E402


# -- the record format ----------------------------------------------------------------------

def test_crc32_matches_zlib_with_and_without_binascii():
    for data in (b"", b"a", b"Sixty-Six", bytes(range(256)) * 3):
        assert store.crc32(data) == zlib.crc32(data)
        assert crc32_py(data) == zlib.crc32(data)
    assert crc32_py(b"tail", crc32_py(b"head")) == zlib.crc32(b"headtail")


def test_sequence_numbers_wrap():
    assert store.is_newer(1, 0)
    assert not store.is_newer(0, 1)
    assert store.is_newer(0, 0xFFFF)
    assert not store.is_newer(5, 5)


def test_parse_tells_empty_valid_damaged_newer():
    rec = pack(1, 7, b"payload")
    assert saveread.parse(rec, 1) == (store.VALID, 7, b"payload")
    assert saveread.parse(rec + b"\xff" * 20, 1) == (store.VALID, 7, b"payload")
    assert saveread.parse(rec, 2)[0] == store.EMPTY            # another key's record
    assert saveread.parse(b"\xff" * 40, 1)[0] == store.EMPTY   # erased flash
    assert saveread.parse(bytes(40), 1)[0] == store.EMPTY      # fresh ESP32 nvm reads zeros
    assert saveread.parse(rec[:-1], 1)[0] == store.DAMAGED      # truncated
    newer = bytearray(rec)
    newer[2] = store.FORMAT + 1
    assert saveread.parse(newer, 1)[0] == store.NEWER
    erased_version = bytearray(rec)
    erased_version[2] = 0xFF  # power cut right after the magic was programmed
    assert saveread.parse(erased_version, 1)[0] == store.DAMAGED


def test_saveread_reads_the_format_of_the_store():
    """handheld.saveread (the reading at power-up) has the store's numbers as its own consts
    (no import of the store: no cycle)."""
    for name in ("FORMAT", "HEADER", "EMPTY", "VALID", "DAMAGED", "NEWER", "KID", "CAPACITY"):
        assert getattr(saveread, "_" + name) == getattr(store, name), name


def nvm8k():
    return bytearray(b"\xff" * 8192)


# -- power cuts on the board models (tests/support/fakeflash.py) ------------------------------------

@pytest.mark.parametrize("fragmented", [False, True], ids=["fresh", "fragmented"])
@pytest.mark.parametrize("every", [2, 16])
@pytest.mark.parametrize("i", range(len(fakeflash.BOARDS)))
def test_a_cut_at_every_point_of_representative_saves_loses_nothing(i, every, fragmented):
    # 4 saves of a 300-byte state: every 2: nvm, a, nvm, b; every 16: nvm, a, b, a. Every
    # erase cut half way, every byte of every program unit cut. sweep raises on a lost record
    out = check.sweep(i, 4, 300, every=every, fragmented=fragmented)
    assert set(out) <= {ord("o"), ord("n"), ord("-")}
    assert ord("o") in out and ord("n") in out


def layout(i, fragmented=False, files=None):
    name, nvm, f, unit, _, _, every = fakeflash.board(i, fragmented)
    files = files or f
    s = store.open_store(nvm=nvm, root="/saves", files=files, unit=unit, every=every)
    return s, nvm, files


def test_the_two_files_and_nvm_never_share_an_erase_unit():
    for i in range(len(fakeflash.BOARDS)):
        for fragmented in (False, True):
            s, nvm, files = layout(i, fragmented)
            assert s.kind == "files+nvm" and s.notice is None
            paths = [c.path for c in s.copies if isinstance(c, store.FileCopy)]
            assert paths == ["/saves/a/state.bin", "/saves/b/state.bin"]
            assert not files.sectors(paths[0]) & files.sectors(paths[1])
            nv = [c.start for c in s.copies if isinstance(c, store.NvmCopy)]
            assert nv == ([0, 4096] if i == 1 else [0])  # CLUE: a copy per 4 KB page


def test_fat_model_allocates_as_ff_c():
    files = fakeflash.FatFiles(cluster=1)
    files.write("/x.bin", b"x" * 512, 3)
    assert files.chain(files._walk("/x.bin")[2][3]) == [2, 3, 4]  # first fit after mount
    files.write("/y.bin", b"y" * 512)
    files.remove("/x.bin")
    files.write("/z.bin", b"z" * 512)
    assert files.chain(files._walk("/z.bin")[2][3]) == [6]  # next fit from last_clst
    files.mount()
    files.write("/w.bin", b"w" * 512, 2)
    assert files.chain(files._walk("/w.bin")[2][3]) == [2, 3]  # a mount: first fit again
    files.write("/w.bin", b"w" * 512, 3)  # "wb" over it: its hole reused, then the next free
    assert files.chain(files._walk("/w.bin")[2][3]) == [2, 3, 4]
    files.last_clst = files.n_fatent - 2  # the scan wraps at the volume's end
    files.write("/v.bin", b"v" * 512, 2)
    assert files.chain(files._walk("/v.bin")[2][3]) == [files.n_fatent - 1, 7]


def test_the_layout_stays_apart_when_the_scan_wraps_round_the_drive():
    # last_clst near the end of a drive with holes at its start: gap0.bin is allocated
    # first, so a comes after it and b after gap1.bin, whichever side of the wrap
    for start in range(60, 126, 5):
        files = fakeflash.fragment(fakeflash.FatFiles(mode="cache"))
        files.write("/big.bin", b"\x00" * 512, (files.n_fatent - 60) * files.csize)
        files.remove("/big.bin")
        files.last_clst = start
        s, nvm, files = layout(0, files=files)
        assert s.kind == "files+nvm"
        a = files.sectors("/saves/a/state.bin")
        b = files.sectors("/saves/b/state.bin")
        assert not a & b, (start, a, b)


def test_nvm_takes_one_save_in_16_and_the_files_the_rest():
    s, nvm, files = layout(0)  # SAMD51: one nvm unit
    for k in range(33):
        assert s.save(bytes([k]) * 50)
    assert nvm.writes == 3  # the first save (nvm empty), then 16 and 32 saves later
    assert files.writes - 4 == 30  # 4: the layout's own files
    s, nvm, files = layout(1)  # CLUE: the two pages take the nvm saves in turn
    for k in range(33):
        assert s.save(bytes([k]) * 50)
    assert nvm.flash.erases == [2, 1]
    assert store.open_store(nvm=nvm, root="/saves", files=files, unit=4096).load() == \
        bytes([32]) * 50


def test_esp32s3_nvm_takes_every_other_save():
    s, nvm, files = layout(2)
    for k in range(8):
        assert s.save(bytes([k]) * 50)
    assert nvm.writes == 4 and files.writes - 4 == 4


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


def test_a_file_save_rewrites_its_own_sectors_never_the_fat():
    s, nvm, files = layout(0)
    fat = files.fat * 512 // 4096
    s.save(b"0" * 100)  # nvm
    before = list(files.flash.erases)
    for k in range(6):
        s.save(bytes([k]) * 100)  # a, b, a, b, a, b
    grown = [k for k in range(len(before)) if files.flash.erases[k] != before[k]]
    a = files.sectors("/saves/a/state.bin")
    b = files.sectors("/saves/b/state.bin")
    assert set(grown) == a | b and fat not in grown
    for k in a | b:  # at most one erase of each of its sectors per save (its entry and
        assert files.flash.erases[k] - before[k] <= 3  # data; a block still erased: none)


def test_the_esp32s3_drive_rewrites_a_sector_per_block_written():
    s, nvm, files = layout(2)
    s.save(b"x" * 100)  # nvm
    a = files.sectors("/saves/a/state.bin")
    before = {k: files.flash.erases[k] for k in a}
    s.save(b"y" * 100)  # a: its data block, then its folder entry
    assert sum(files.flash.erases[k] - before[k] for k in a) == 2


# -- from the layouts before this one ------------------------------------------------------

def old_drive(i, file_seq, nvm_seq, no_nvm=False):
    """A board as the previous version left it: nvm and /saves/state.bin (or, no_nvm,
    state0.bin and state1.bin) holding records seq file_seq and nvm_seq."""
    name, nvm, files, unit, _, _, every = fakeflash.board(i)
    files.mkdir("/saves")
    for path, seq in (("/saves/state0.bin" if no_nvm else "/saves/state.bin", file_seq),
                      ("/saves/state1.bin" if no_nvm else None, nvm_seq)):
        rec = pack(store.KID, seq, b"record %d" % seq)
        if path:
            files.write(path, rec + b"\xff" * (512 - len(rec)))
        else:
            nvm[0:len(rec)] = rec
    files.mount()
    return nvm, files, unit, every


@pytest.mark.parametrize("newest", ["file", "nvm"])
@pytest.mark.parametrize("i", range(len(fakeflash.BOARDS)))
def test_an_upgraded_drive_loads_the_newest_record_and_drops_the_old_file(i, newest):
    fs, ns = (8, 7) if newest == "file" else (7, 8)
    nvm, files, unit, every = old_drive(i, fs, ns)
    s = store.open_store(nvm=nvm, root="/saves", files=files, unit=unit, every=every)
    assert s.kind == "files+nvm" and s.load() == b"record 8"
    assert sorted(files.listdir("/saves")) == ["a", "b", "gap0.bin", "gap1.bin"]  # the record
    assert s.save(b"played on")  # went to nvm first, then the old file and /saves went
    s = store.open_store(nvm=nvm, root="/saves", files=files, unit=unit, every=every)
    assert s.load() == b"played on"
    assert len(s.copies) == (4 if i == 1 else 3)


def test_an_upgraded_drive_with_holes_gets_a_new_saves_folder_apart_from_both_files():
    # holes before /saves (files removed since it was made) that take all of gap0.bin: the
    # old /saves's cluster would be in a's sector; made again, it comes first in the order
    for pre in range(0, 8, 3):
        for holes in range(12, 24, 2):
            for cluster in (1, 2):
                files = fakeflash.FatFiles(cluster=cluster)
                nvm = fakeflash.SamdNvm()
                if pre:
                    files.write("/pre.bin", b"\0" * 512, pre)
                files.write("/filler.bin", b"\0" * 512, holes)
                files.mkdir("/saves")
                rec = pack(store.KID, 3, b"old")
                files.write("/saves/state.bin", rec + b"\xff" * (512 - len(rec)))
                files.remove("/filler.bin")
                files.mount()
                s = store.open_store(nvm=nvm, root="/saves", files=files, unit=None, every=16)
                assert s.kind == "files+nvm" and s.load() == b"old"
                a = files.sectors("/saves/a/state.bin")
                b = files.sectors("/saves/b/state.bin")
                d = files.folder_sector("/saves")
                assert not a & b and d not in a and d not in b, (pre, holes, cluster)


@pytest.mark.parametrize("newest", ["file", "nvm"])
def test_a_cut_anywhere_in_the_upgrade_loses_nothing(newest):
    fs, ns = (8, 7) if newest == "file" else (7, 8)
    nvm, files, unit, every = old_drive(0, fs, ns)
    seen = []

    def check():
        files.mount()
        seen.append(store.open_store(nvm=nvm, root="/saves", files=files, unit=unit,
                                     probe=False).load())
    n = fakeflash.for_each_cut([nvm, files], lambda: store.open_store(
        nvm=nvm, root="/saves", files=files, unit=unit, every=every), check)
    assert n > 1000 and set(seen) == {b"record 8"}


def test_a_board_without_nvm_moves_its_two_files_to_the_two_folders():
    nvm, files, unit, every = old_drive(0, 5, 6, no_nvm=True)
    s = store.open_store(root="/saves", files=files)
    assert s.kind == "files" and s.load() == b"record 6"
    assert s.save(b"next")
    s = store.open_store(root="/saves", files=files)
    assert s.load() == b"next" and len(s.copies) == 2
    for name in ("state0.bin", "state1.bin"):
        with pytest.raises(OSError):
            files.stat("/saves/" + name)


# -- drives that cannot take the layout --------------------------------------------------------

def test_a_full_drive_keeps_the_old_layout_and_says_so():
    name, nvm, files, unit, _, _, every = fakeflash.board(0)
    files.write("/full.bin", b"\x00" * 512, (files.n_fatent - 20) * files.csize)
    files.mount()
    s = store.open_store(nvm=nvm, root="/saves", files=files, unit=unit, every=every)
    assert s.kind == "nvm+file" and s.notice == store.NOTICE_OLD_LAYOUT
    with pytest.raises(OSError):
        files.stat("/saves/gap0.bin")  # nothing of the layout is left behind
    assert s.save(b"one") and s.save(b"two")
    assert store.open_store(nvm=nvm, root="/saves", files=files, unit=unit).load() == b"two"


def test_a_drive_that_fills_while_the_layout_is_made_falls_back_cleanly():
    files = FakeFiles()
    files.free = lambda path: None  # a port that cannot tell: the writes find out
    files.space = 15000  # room for gap0.bin, a and part of gap1.bin
    s = store.open_store(nvm=nvm8k(), root="/saves", files=files, unit=None)
    assert s.kind == "nvm+file" and s.notice == store.NOTICE_OLD_LAYOUT
    assert files.files == {} and files.dirs == {"/saves"}


def test_a_file_named_saves_leaves_nvm_alone_with_a_notice():
    files = FakeFiles()
    files.files["/saves"] = bytearray(b"not a folder")
    s = store.open_store(nvm=nvm8k(), root="/saves", files=files, unit=None)
    assert s.kind == "nvm" and s.notice == store.NOTICE_ONE_COPY_DRIVE
    assert files.files == {"/saves": bytearray(b"not a folder")}


def test_a_file_where_a_folder_should_be_is_replaced_by_the_layout():
    files = FakeFiles()
    files.dirs.add("/saves")
    files.files["/saves/a"] = bytearray(b"stray")
    s = store.open_store(nvm=nvm8k(), root="/saves", files=files, unit=None)
    assert s.kind == "files+nvm" and "/saves/a" in files.dirs


def test_a_missing_folder_is_made_again_and_the_record_in_the_other_kept():
    s, nvm, files = layout(0)
    for k in range(3):
        s.save(b"save %d" % k)  # nvm, a, b
    files.remove("/saves/a/state.bin")  # somebody removed folder a over USB
    files.rmdir("/saves/a")
    files.mount()
    s = store.open_store(nvm=nvm, root="/saves", files=files, unit=None, every=16)
    assert s.kind == "files+nvm" and s.load() == b"save 2"  # b's record, kept in nvm first
    assert files.stat("/saves/a/state.bin") == (False, store.CAPACITY)


def test_a_folder_named_as_an_old_layouts_file_is_no_copy():
    """A folder at /saves/state.bin (the layout before's file) is not taken for a copy (a
    reviewer's find: the layout's build stopped at it, the fallback wrote to it, and every
    save failed): the layout is made beside it; where it cannot be, nvm alone, saying so."""
    files = FakeFiles()
    files.dirs.update(("/saves", "/saves/state.bin"))
    nvm = nvm8k()
    s = store.open_store(nvm=nvm, root="/saves", files=files, unit=None)
    assert s.kind == "files+nvm" and s.notice is None and len(s.copies) == 3
    assert s.save(b"one") and store.open_store(nvm=nvm, root="/saves", files=files,
                                               unit=None).load() == b"one"
    files = FakeFiles(space=15000)  # no room for the layout
    files.dirs.update(("/saves", "/saves/state.bin"))
    s = store.open_store(nvm=nvm, root="/saves", files=files, unit=None)
    assert s.kind == "nvm" and s.notice == store.NOTICE_ONE_COPY_DRIVE
    assert s.load() == b"one" and s.save(b"two")
    assert store.open_store(nvm=nvm, root="/saves", files=files, unit=None).load() == b"two"


def test_without_nvm_a_broken_pair_is_laid_out_again_once_the_old_files_hold_the_newest():
    """No nvm (the simulator), b/state.bin cut to nothing, a holding the record: the pair
    cannot go (a holds the only record), so the saves go to the old files for one session;
    at the next power-up they hold the newest, and the pair is laid out again (a reviewer's
    find: it stayed in the old layout for good)."""
    files = FakeFiles()
    s = store.open_store(root="/saves", files=files)
    assert s.kind == "files" and s.save(b"first")
    files.files["/saves/b/state.bin"] = bytearray()
    s = store.open_store(root="/saves", files=files)
    assert s.kind == "file" and s.notice == store.NOTICE_OLD_LAYOUT and s.load() == b"first"
    assert s.save(b"second")
    s = store.open_store(root="/saves", files=files)
    assert s.kind == "files" and s.notice is None and s.load() == b"second"
    assert files.stat("/saves/b/state.bin") == (False, store.CAPACITY)
    assert s.save(b"third")
    s = store.open_store(root="/saves", files=files)
    assert s.load() == b"third" and len(s.copies) == 2  # the old files gone


# -- corruption, truncation, foreign and newer records --------------------------------------

@pytest.mark.parametrize("mask", [0x01, 0x80, 0xFF])
def test_flipping_any_byte_never_loads_garbage(mask):
    out = check.flip_every_byte(64, mask)
    assert len(out) == store.HEADER + 64
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
    whole = bytes(files.files["/saves/b/state.bin"])
    assert len(whole) == store.CAPACITY  # written in place: the size never changes
    for n in range(store.HEADER + len(b"new state, a bit longer")):
        files.files["/saves/b/state.bin"] = bytearray(whole[:n])
        assert store.open_store(root="/saves", files=files, probe=False).load() == b"old state"


@pytest.mark.parametrize("with_nvm", [False, True])
def test_both_files_cut_short_start_fresh_with_notice(with_nvm):
    """Both layout files cut short (a drive's damage, a file copied in part): the layout is
    made again, and the saves say that the old save was damaged, not a silent fresh start."""
    files = FakeFiles()
    nvm = nvm8k() if with_nvm else None
    s = store.open_store(nvm=nvm, root="/saves", files=files, unit=None, every=16)
    for n in range(3):  # nvm takes the first (it has none), a and b the next two
        s.save(b"a match in progress, move %d" % n)
    if nvm is not None:
        nvm[0:store.HEADER] = b"\xff" * store.HEADER  # nvm's copy gone as well
    for p in ("/saves/a/state.bin", "/saves/b/state.bin"):
        files.files[p] = bytearray(files.files[p][:store.HEADER + 4])
    s = store.open_store(nvm=nvm, root="/saves", files=files, unit=None, every=16)
    assert s.load() is None
    assert s.notice == store.NOTICE_DAMAGED
    assert files.stat("/saves/a/state.bin") == (False, store.CAPACITY)  # laid out again
    assert s.save(b"fresh")
    s = store.open_store(nvm=nvm, root="/saves", files=files, unit=None, every=16)
    assert s.load() == b"fresh" and s.notice is None


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
    assert saveread.parse(nvm[0:40], store.KID)[2] == b"state4"
    assert saveread.parse(nvm[4096:4136], store.KID)[2] == b"state3"


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
    from handheld import savenote
    codes = [getattr(store, n) for n in dir(store) if n.startswith("NOTICE_")]
    for code in codes + [savenote.NOTICE_BAD_MATCH, savenote.NOTICE_BAD_MATCH + 1]:
        lines = savenote.notice_lines(code)
        for line in lines[:lines.index("")]:  # the title (what it means is wrapped)
            assert len(line) <= 26, line


# -- choosing a backend ---------------------------------------------------------------------

def test_open_store_on_a_clue_with_a_read_only_drive_keeps_both_copies_in_nvm():
    s = store.open_store(nvm=nvm8k(), root="/saves", files=FakeFiles(readonly=True), unit=4096)
    assert s.kind == "nvm" and s.notice is None and len(s.copies) == 2


def test_open_store_with_a_writable_drive_puts_two_copies_in_files():
    s = store.open_store(nvm=nvm8k(), root="/saves", files=FakeFiles(), unit=None)
    assert s.kind == "files+nvm" and s.notice is None and len(s.copies) == 3


def test_one_erase_unit_and_a_read_only_drive_says_so_and_saves_in_nvm():
    s = store.open_store(nvm=nvm8k(), root="/saves", files=FakeFiles(readonly=True), unit=None)
    assert s.kind == "nvm" and len(s.copies) == 1 and s.notice == store.NOTICE_ONE_COPY
    nvm = s.copies[0].nvm
    for k in range(3):  # the only copy takes every save (the second raised TypeError before)
        assert s.save(b"save %d" % k)
        assert store.open_store(nvm=nvm, root="/saves", files=FakeFiles(readonly=True),
                                unit=None).load() == b"save %d" % k


def test_nvm_unit_and_share_come_from_the_platform(monkeypatch):
    monkeypatch.setattr(sys, "platform", "nRF52840")
    assert savelayout.platform() == (4096, 16)
    monkeypatch.setattr(sys, "platform", "MicroChip SAMD51")
    assert savelayout.platform() == (None, 16)
    monkeypatch.setattr(sys, "platform", "Espressif")
    assert savelayout.platform() == (None, 2)


def test_open_store_small_nvm_falls_back_to_files(capsys):
    s = store.open_store(nvm=bytearray(256), root="/saves", files=FakeFiles())
    assert s.kind == "files" and s.notice is None
    assert "nvm has 256 bytes" in capsys.readouterr().out


def test_open_store_read_only_drive_keeps_ram_with_notice():
    s = store.open_store(root="/saves", files=FakeFiles(readonly=True))
    assert s.kind == "ram" and s.notice == store.NOTICE_READ_ONLY
    from handheld import savenote
    assert savenote.notice_lines(s.notice)[:2] == ["Saves off:", "drive is read-only"]


def test_a_save_folder_the_game_may_not_write_says_read_only_not_no_storage():
    class Denied(FakeFiles):
        def check(self, root):
            raise OSError(13, "Permission denied")
    s = store.open_store(root="/saves", files=Denied())
    assert s.kind == "ram" and s.notice == store.NOTICE_READ_ONLY


def test_open_store_without_anything_is_ram():
    s = store.open_store()
    assert s.kind == "ram" and s.notice == store.NOTICE_NO_STORAGE


def test_real_files_round_trip(tmp_path):
    root = str(tmp_path / "saves")
    s = store.open_store(root=root)
    assert s.kind == "files"
    for payload in (b"first", b"second", b"third"):
        assert s.save(payload)
        assert store.open_store(root=root).load() == payload
    assert sorted(os.listdir(root)) == ["a", "b", "gap0.bin", "gap1.bin"]
    for name in ("a", "b"):
        assert os.path.getsize(os.path.join(root, name, "state.bin")) == store.CAPACITY
    savelayout.erase(s)  # (tests and tools only: the game never erases)
    assert store.open_store(root=root).load() is None


# -- the same checks on the MicroPython VM --------------------------------------------------

@pytest.mark.parametrize("vm", ["micropython", "circuitpython"])
def test_store_and_savedata_on_the_vms_match_cpython(vm):
    script = os.path.join(HERE, "vm", "mp_store_check.py")
    # the heap holds this check's own fixtures: a 25 KB RAM disk for VfsFat, and the board
    # models' 128 KB drive with its images before and after each swept save (3 x 128 KB).
    # The app's own memory is measured elsewhere (test_app_micropython, python -m sim.bench app)
    run = mpvm.run if vm == "micropython" else mpvm.run_cp  # run_cp: the 32-bit build
    mp = run(script, heap="2m")
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
    assert sum(1 for line in out if "writes (" in line) == 2 * len(fakeflash.BOARDS)
    assert sum(1 for line in out if line.endswith(": apart")) == 2 * len(fakeflash.BOARDS)


def test_every_notice_about_the_saves_says_what_it_means_for_the_player():
    from handheld import savenote
    notices = [getattr(store, n) for n in dir(store) if n.startswith("NOTICE_")]
    assert len(notices) >= 9
    codes = notices + [savenote.NOTICE_BAD_MATCH, savenote.NOTICE_BAD_MATCH + 1]
    assert len(set(codes)) == len(codes), "each notice a code of its own"
    titles = set()
    for code in codes:
        lines = savenote.notice_lines(code)
        assert len(lines) == 4 and lines[0] and lines[1] and lines[2] == "" and lines[-1], code
        titles.add(tuple(lines[:2]))  # two lines of title, a blank, then why
    assert len(titles) == len(codes), "each notice says something of its own"


def test_the_record_buffer_writes_the_same_bytes_as_pack_whatever_the_sizes():
    """One buffer takes every save (encoded, sealed and padded in place): each file copy
    holds exactly pack()'s record and 0xff to its whole blocks, longer and shorter records
    in turn (one past a block makes the buffer grow), and the nvm copy the bare record."""
    files = FakeFiles()
    nvm = nvm8k()
    s = store.open_store(nvm=nvm, root="/saves", files=files, unit=None)
    seq = -1
    for n in (10, 700, 30, 1000, 0, 499, 500, 501):
        payload = bytes((k * 7 + n) & 0xFF for k in range(n))
        assert s.save(lambda w: w.extend(payload))  # as handheld.persist: appended to buffer
        seq += 1
        c = s.copies[s._newest[0]]
        rec = pack(store.KID, seq, payload)
        if isinstance(c, store.FileCopy):
            size = -(-len(rec) // store.FILE_BLOCK) * store.FILE_BLOCK
            assert bytes(files.files[c.path][:size]) == rec + b"\xff" * (size - len(rec))
        else:
            assert bytes(nvm[c.start:c.start + len(rec)]) == rec
        assert bytes(s.buf) == rec  # the buffer holds the last record, unpadded
        assert store.open_store(nvm=nvm, root="/saves", files=files, unit=None,
                                probe=False).load() == payload
    writes, image = files.writes, bytes(nvm)
    assert s.save(payload) and files.writes == writes and bytes(nvm) == image  # unchanged
