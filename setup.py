"""Build the compiled core: every .pyx under core/ and ai/ becomes an extension.

PARTISAN_DEBUG=1   build with bounds, wraparound and initialisation checks on, -O0 -g, and
                   the branch count of every node checked against MAX_BRANCH (state.pxd)
PARTISAN_ANNOTATE=1  also write Cython's HTML annotation next to each .pyx
PARTISAN_ONLY=a,b    (development) rebuild only the extensions whose name contains a or b
PARTISAN_BUILD_JOBS=N  translate and compile N extensions at a time (default: every core)
PARTISAN_TEST_SHIMS=1  also build the test shims (core/testing/*.pyx); the test session does
                   this itself, into build/test-shims (core/testing/shims.py)
"""
import os
import sys
from pathlib import Path

from Cython.Build import cythonize
from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).parent.resolve()
PACKAGES = {"partisan.core": "core", "partisan.ai": "ai", "partisan.cli": "cli"}
DEBUG = os.environ.get("PARTISAN_DEBUG") == "1"
ANNOTATE = os.environ.get("PARTISAN_ANNOTATE") == "1"
# Development: PARTISAN_ONLY=war,ismcts rebuilds only extensions whose name has one of these.
ONLY = [s for s in os.environ.get("PARTISAN_ONLY", "").split(",") if s]
# A fresh install compiles every extension: one at a time it leaves all cores but one idle.
JOBS = int(os.environ.get("PARTISAN_BUILD_JOBS", "0")) or os.cpu_count() or 1
# Python wrappers and test-only games for the tests: not compiled into a user's install.
TEST_SHIMS = HERE / "core" / "testing"
WITH_TEST_SHIMS = os.environ.get("PARTISAN_TEST_SHIMS") == "1"


class ParallelBuildExt(build_ext):
    """build_ext that compiles JOBS extensions at once unless -j/--parallel says otherwise."""

    def finalize_options(self):
        if self.parallel is None:
            self.parallel = JOBS
        super().finalize_options()


def find_extensions():
    extensions = []
    for package, folder in PACKAGES.items():
        for pyx in sorted((HERE / folder).rglob("*.pyx")):
            rel = pyx.relative_to(HERE / folder).with_suffix("")
            name = ".".join((package, *rel.parts))
            if ONLY and not any(s in name for s in ONLY):
                continue
            if pyx.parent == TEST_SHIMS and not WITH_TEST_SHIMS:
                continue
            extensions.append(Extension(
                name, [str(pyx.relative_to(HERE))],
                extra_compile_args=["-O0", "-g"] if DEBUG else ["-O3"],
                define_macros=[("PARTISAN_DEBUG", "1")] if DEBUG else [],
            ))
    if not extensions:
        sys.exit("setup.py: no .pyx sources found under core/ or ai/; refusing to build "
                 "a wheel without its compiled core")
    return extensions


def include_tree():
    """cimport partisan.core.x must find core/x.pxd: mirror the mapping in a build folder."""
    root = HERE / "build" / "pxd"
    pkg = root / "partisan"
    pkg.mkdir(parents=True, exist_ok=True)
    (pkg / "__init__.pxd").touch()
    for package, folder in PACKAGES.items():
        link = pkg / package.split(".")[1]
        if link.is_symlink() or link.exists():
            if link.is_symlink() and link.resolve() == (HERE / folder).resolve():
                continue
            link.unlink()
        link.symlink_to(HERE / folder, target_is_directory=True)
    return str(root)


def all_packages():
    packages, dirs = [], {}
    for package, folder in PACKAGES.items():
        base = HERE / folder
        for init in sorted(base.rglob("__init__.py")):
            rel = init.parent.relative_to(base)
            name = ".".join((package, *rel.parts))
            packages.append(name)
            dirs[name] = str(Path(folder, *rel.parts))
    return packages, dirs


directives = {
    "language_level": 3,
    "boundscheck": DEBUG,
    "wraparound": DEBUG,
    "initializedcheck": DEBUG,
    "cdivision": not DEBUG,
}
packages, package_dir = all_packages()

setup(
    packages=packages,
    package_dir=package_dir,
    package_data={pkg: ["*.pxd", "*.toml", "data/*.toml", "*.md"] for pkg in packages},
    ext_modules=cythonize(
        find_extensions(),
        include_path=[include_tree()],
        compiler_directives=directives,
        annotate=ANNOTATE,
        nthreads=JOBS if JOBS > 1 else 0,
    ),
    cmdclass={"build_ext": ParallelBuildExt},
)
