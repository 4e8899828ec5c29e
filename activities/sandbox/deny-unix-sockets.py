"""Runs a command that cannot open a Unix socket: ``socket(AF_UNIX, …)`` fails with EACCES.

The sandbox child's network namespace empties its network, but a Unix socket on the
file system (a database's, a container runtime's) is reached through the file system,
which the namespace does not cover. A seccomp filter, installed here with
``no_new_privs`` and kept across ``exec``, refuses to create one, so nothing can be
connected to such a socket; descriptors the child was given (the IPC channel ``fork``
made) keep working. Usage: ``python3 deny-unix-sockets.py -- COMMAND [ARG…]``.

Hand-written with ctypes because no maintained package is installed here that does
this: libseccomp's Python binding is not in Debian's python3 by default, and the rule
is three comparisons. Exits 126 without running the command when the filter cannot be
installed (not Linux, another architecture, seccomp unavailable).
"""

from __future__ import annotations

import ctypes
import os
import platform
import struct
import sys

PR_SET_NO_NEW_PRIVS = 38
PR_SET_SECCOMP = 22
SECCOMP_MODE_FILTER = 2
SECCOMP_RET_ALLOW = 0x7FFF0000
SECCOMP_RET_ERRNO = 0x00050000
EACCES = 13
AF_UNIX = 1

# struct seccomp_data: int nr; __u32 arch; __u64 instruction_pointer; __u64 args[6];
OFFSET_NR = 0
OFFSET_ARCH = 4
OFFSET_ARG0_LOW = 16  # little-endian: the low 32 bits of args[0] come first

BPF_LD_W_ABS = 0x20  # BPF_LD | BPF_W | BPF_ABS
BPF_JEQ_K = 0x15  # BPF_JMP | BPF_JEQ | BPF_K
BPF_JGE_K = 0x35  # BPF_JMP | BPF_JGE | BPF_K
BPF_RET_K = 0x06  # BPF_RET | BPF_K

# machine -> (AUDIT_ARCH_*, __NR_socket)
ARCHES = {
    "x86_64": (0xC000003E, 41),
    "aarch64": (0xC00000B7, 198),
}
X32_SYSCALL_BIT = 0x40000000


def _insn(code: int, jt: int, jf: int, k: int) -> bytes:
    return struct.pack("HBBI", code, jt, jf, k)


def unix_socket_filter(machine: str) -> bytes:
    """The BPF program: another architecture or an x32 call is refused; socket(AF_UNIX, …) is refused; all else allowed."""
    arch, nr_socket = ARCHES[machine]
    deny = SECCOMP_RET_ERRNO | EACCES
    program = [
        _insn(BPF_LD_W_ABS, 0, 0, OFFSET_ARCH),
        _insn(BPF_JEQ_K, 1, 0, arch),
        _insn(BPF_RET_K, 0, 0, deny),
        _insn(BPF_LD_W_ABS, 0, 0, OFFSET_NR),
        # x32 system calls reach the same kernel code under other numbers.
        _insn(BPF_JGE_K, 0, 1, X32_SYSCALL_BIT),
        _insn(BPF_RET_K, 0, 0, deny),
        _insn(BPF_JEQ_K, 0, 3, nr_socket),
        _insn(BPF_LD_W_ABS, 0, 0, OFFSET_ARG0_LOW),
        _insn(BPF_JEQ_K, 0, 1, AF_UNIX),
        _insn(BPF_RET_K, 0, 0, deny),
        _insn(BPF_RET_K, 0, 0, SECCOMP_RET_ALLOW),
    ]
    return b"".join(program)


class _SockFprog(ctypes.Structure):
    _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_void_p)]


def install(machine: str) -> None:
    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl.argtypes = [ctypes.c_int, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_ulong]
    code = unix_socket_filter(machine)
    buffer = ctypes.create_string_buffer(code, len(code))
    prog = _SockFprog(len(code) // 8, ctypes.cast(buffer, ctypes.c_void_p))
    if libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
        raise OSError(ctypes.get_errno(), "prctl(PR_SET_NO_NEW_PRIVS) failed")
    if libc.prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, ctypes.addressof(prog), 0, 0) != 0:
        raise OSError(ctypes.get_errno(), "prctl(PR_SET_SECCOMP) failed")


def main(argv: list[str]) -> int:
    if len(argv) < 3 or argv[1] != "--":
        sys.stderr.write("usage: deny-unix-sockets.py -- COMMAND [ARG...]\n")
        return 2
    machine = platform.machine()
    if sys.platform != "linux" or machine not in ARCHES:
        sys.stderr.write(f"deny-unix-sockets: no filter for {sys.platform}/{machine}\n")
        return 126
    try:
        install(machine)
    except OSError as error:
        sys.stderr.write(f"deny-unix-sockets: {error}\n")
        return 126
    os.execve(argv[2], argv[2:], environment_as_given())
    return 127


def environment_as_given() -> dict[bytes, bytes]:
    """The environment this process was started with, not ``os.environ``: Python adds
    ``LC_CTYPE=C.UTF-8`` to its own when started in the C locale (PEP 538), which the
    child, started with only fork's IPC variables, must not inherit."""
    with open("/proc/self/environ", "rb") as f:
        entries = [entry for entry in f.read().split(b"\0") if b"=" in entry]
    return dict(entry.split(b"=", 1) for entry in entries)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
