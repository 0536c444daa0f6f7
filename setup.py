"""Build of the compiled search core (all package metadata lives in pyproject.toml)."""

import os
import platform
import sys
import tempfile

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

CSRC = "src/sudokit/engines/search/csrc"
SOURCES = ["src/sudokit/engines/search/_core.c"] + [
    f"{CSRC}/{name}" for name in ("sk_geom.c", "sk_bb9.c", "sk_generic.c", "sk_digits.c", "sk_variant.c", "sk_cages.c", "sk_vbb9.c", "sk_vbb16.c", "sk_vbbk9.c", "sk_vbbk16.c", "sk_xw9.c", "sk_carve.c", "sk_dispatch.c")
]


class BuildExt(build_ext):
    """Add optimisation flags the compiler accepts (gcc/clang); nothing exotic is required."""

    def _accepts(self, flag: str) -> bool:
        with tempfile.TemporaryDirectory() as tmp:
            src = os.path.join(tmp, "probe.c")
            with open(src, "w") as f:
                f.write("int main(void) { return 0; }\n")
            try:
                self.compiler.compile([src], output_dir=tmp, extra_postargs=[flag])
            except Exception:
                return False
        return True

    def build_extensions(self):
        if self.compiler.compiler_type == "unix":
            flags = ["-O3", "-fno-strict-aliasing"]
            machine = platform.machine().lower()
            if machine in ("x86_64", "amd64") and not os.environ.get("SUDOKIT_PORTABLE"):
                flags.append("-march=x86-64-v2")  # popcnt, sse4.2; skipped if unknown
            for ext in self.extensions:
                ext.extra_compile_args = [f for f in flags if self._accepts(f)]
        super().build_extensions()


setup(
    ext_modules=[
        Extension(
            "sudokit.engines.search._core",
            sources=SOURCES,
            depends=[f"{CSRC}/sk_common.h", f"{CSRC}/sk_bb9_search.h", f"{CSRC}/sk_bb9_tables.h", f"{CSRC}/sk_vbb_impl.h", f"{CSRC}/sk_carve.h", f"{CSRC}/sk_dispatch.h"],
        ),
        # the chaining engine's static closures (logic/techniques/chaining.py is the reference)
        Extension("sudokit.engines.logic._chaining", sources=["src/sudokit/engines/logic/_chaining.c"]),
        # the ways of making a sum over a few cells (logic/techniques/killer.py: sum_ways)
        Extension("sudokit.engines.logic._sums", sources=["src/sudokit/engines/logic/_sums.c"]),
    ],
    cmdclass={"build_ext": BuildExt},
)
