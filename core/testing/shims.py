"""The test shims (the .pyx files of this folder) are compiled for the tests only, never into a
user's install: `ensure_built(root)` compiles them from the source tree at `root` (setup.py with
PARTISAN_TEST_SHIMS=1) into build/test-shims/, on every core, when one is missing or a .pyx or
.pxd is newer than the last build, and puts them on this package's path under their usual
names (`from partisan.core.testing.dice_api import ...`). The test session calls it
(tests/conftest.py); PARTISAN_TEST_SHIMS_DIR passes the folder on to its subprocesses
(read by __init__.py)."""
from __future__ import annotations

import fcntl
import os
import subprocess
import sys
import sysconfig
from pathlib import Path

import partisan.core.testing as package

SOURCES = Path("core", "testing")          # the shims, relative to the source tree
SUFFIX = sysconfig.get_config_var("EXT_SUFFIX")


def cache_folder(root: Path) -> Path:
    """Debug builds (PARTISAN_DEBUG=1, read by setup.py too) keep shims of their own."""
    mode = "debug" if os.environ.get("PARTISAN_DEBUG") == "1" else "release"
    return root / "build" / "test-shims" / mode


def _newest_source(root: Path) -> float:
    """The newest .pyx of the shims or .pxd of the package they compile against."""
    files = [*(root / SOURCES).glob("*.pyx"), *(root / "core").rglob("*.pxd"), *(root / "ai").rglob("*.pxd")]
    return max((f.stat().st_mtime for f in files), default=0.0)


def _up_to_date(root: Path, out: Path, stamp: Path) -> bool:
    wanted = {p.stem for p in (root / SOURCES).glob("*.pyx")}
    built = {p.name[:-len(SUFFIX)] for p in out.glob(f"*{SUFFIX}")}
    return built == wanted and stamp.exists() and stamp.stat().st_mtime >= _newest_source(root)


def _build(root: Path, cache: Path, out: Path) -> None:
    for stale in out.glob(f"*{SUFFIX}"):        # a shim whose .pyx is gone must not import
        if not (root / SOURCES / (stale.name[:-len(SUFFIX)] + ".pyx")).exists():
            stale.unlink()
    env = dict(os.environ, PARTISAN_TEST_SHIMS="1", PARTISAN_ONLY="partisan.core.testing.")
    command = [sys.executable, "setup.py", "build_ext", "--build-lib", str(cache / "lib"),
               "--build-temp", str(cache / "temp")]
    run = subprocess.run(command, cwd=root, env=env, capture_output=True, text=True)
    if run.returncode:
        raise RuntimeError(f"building the test shims failed ({' '.join(command)}):\n"
                           f"{run.stdout[-3000:]}\n{run.stderr[-6000:]}")


def ensure_built(root: Path) -> Path:
    """Compile the shims of the source tree `root` if needed; return their folder, which is
    now first on partisan.core.testing's path."""
    root = Path(root).resolve()
    cache = cache_folder(root)
    out = cache / "lib" / "partisan" / "core" / "testing"
    stamp = cache / "built"
    cache.mkdir(parents=True, exist_ok=True)
    with open(cache / "lock", "w") as lock:     # parallel sessions and xdist workers wait here
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not _up_to_date(root, out, stamp):
            started = _newest_source(root)
            _build(root, cache, out)
            stamp.touch()
            os.utime(stamp, (started, started))     # a source edited during the build is newer
    os.environ[package.SHIMS_ENV] = str(out)
    if str(out) not in package.__path__:
        package.__path__.insert(0, str(out))
    return out
