"""`wgc inspect`, `import`, `build` and `inspect` again over the public modules present here.

    .venv/bin/python bench/import_corpus.py [--modules DIR] [--mirrors DIR] [--only TEXT]

bench/corpus_modules.json lists the repositories (owner/name, the folder that holds the
module, a commit). This bench fetches nothing: it runs over whichever of them is present,

- as a .vmod in --modules DIR, named owner+name.vmod (owner+name+folder.vmod, '/' as '+',
  for a folder other than the repository's root), or
- as a mirror in --mirrors DIR (default /work/.mirror, where the `fetch` tool puts them):
  owner+name/repo, a bare git repository; the listed commit's folder is zipped (the mirror's
  HEAD where it lacks that commit; the table says which).

Per module, each command runs as a user's shell runs it, and is held to a budget of CPU time
(the steady figure on a shared machine) and peak memory: inspect 20 s, import 60 s and
2 GiB, build of the import 60 s, inspect of the rebuilt module 20 s; the imported folder at
most twice the module; and the import of the rebuilt module must give the same folder, byte for
byte (import . build is the identity). Prints a table of every module present, then one of the
failures.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.import_scaling import Run, folder_bytes, run_wgc

LIST = Path(__file__).with_name("corpus_modules.json")
BUDGET_CPU = {"inspect": 20.0, "import": 60.0, "build": 60.0, "inspect again": 20.0}
BUDGET_MIB = 2048.0
FOLDER_RATIO = 2.0


@dataclass(frozen=True)
class Entry:
    repo: str
    folder: str
    commit: str

    @property
    def key(self) -> str:
        tail = "" if self.folder in (".", "") else "+" + self.folder.strip("/").replace("/", "+")
        return self.repo.replace("/", "+") + tail


@dataclass
class Outcome:
    entry: Entry
    source: str
    size: int
    runs: dict[str, Run] = field(default_factory=dict)
    folder_size: int = 0
    same_folder: bool | None = None
    failures: list[str] = field(default_factory=list)


def entries() -> list[Entry]:
    data = json.loads(LIST.read_text("utf-8"))
    return [Entry(m["repo"], m["folder"], m["commit"]) for m in data["modules"]]


def present(entry: Entry, modules: Path | None, mirrors: Path, scratch: Path) -> tuple[Path, str] | None:
    """The module file of an entry and where it came from, or None when it is not here."""
    if modules is not None and (modules / f"{entry.key}.vmod").is_file():
        return modules / f"{entry.key}.vmod", "file"
    git_dir = _mirror_git_dir(mirrors / entry.repo.replace("/", "+") / "repo")
    if git_dir is None:
        return None
    has_commit = _git(git_dir, "cat-file", "-e", f"{entry.commit}^{{commit}}").returncode == 0
    commit = entry.commit if has_commit else "HEAD"
    out = scratch / f"{entry.key}.vmod"
    tree = f"{commit}:{entry.folder}" if entry.folder not in (".", "") else commit
    absent = _zip_tree(git_dir, tree, out)
    if absent is None:
        return None
    head = _git(git_dir, "rev-parse", "--short", commit).stdout.strip()
    notes = [] if has_commit else ["HEAD: the listed commit is not mirrored"]
    notes += [f"{absent} large files absent from the mirror"] if absent else []
    return out, f"mirror {head}" + (f" ({'; '.join(notes)})" if notes else "")


def _mirror_git_dir(repo: Path) -> Path | None:
    """The git directory of a mirror: `fetch` leaves most bare, some as a clone with `.git`."""
    if (repo / ".git").is_dir():
        return repo / ".git"
    return repo if repo.is_dir() else None


def _zip_tree(git_dir: Path, tree: str, out: Path) -> int | None:
    """Zip a tree of the mirror as the module's folder; the number of files the mirror lacks
    (a snapshot may leave out its largest files), None when the tree is not there."""
    listing = _git(git_dir, "ls-tree", "-r", "-z", tree)
    if listing.returncode != 0:
        return None
    blobs = [line.split("\t", 1) for line in listing.stdout.split("\0") if line]
    wanted = [(meta.split()[2], name) for meta, name in blobs if meta.split()[1] == "blob"]
    batch = subprocess.run(
        ["git", f"--git-dir={git_dir}", "cat-file", "--batch"],
        input="".join(f"{sha}\n" for sha, _ in wanted).encode(),
        capture_output=True,
    ).stdout
    absent, at = 0, 0
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for _, name in wanted:
            end = batch.index(b"\n", at)
            header = batch[at:end].split()
            at = end + 1
            if len(header) < 3 or header[1] != b"blob":
                absent += 1
                continue
            size = int(header[2])
            archive.writestr(name, batch[at : at + size])
            at += size + 1
    return absent


def _git(git_dir: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["git", f"--git-dir={git_dir}", *args], capture_output=True, text=True)


def run_module(entry: Entry, module: Path, source: str, scratch: Path) -> Outcome:
    outcome = Outcome(entry, source, module.stat().st_size)
    work = scratch / entry.key
    folder, rebuilt_dir, again = work / "game", work / "built", work / "again"
    shutil.rmtree(work, ignore_errors=True)
    steps = [
        ("inspect", ["inspect", str(module)], None),
        ("import", ["import", str(module), "-o", str(folder)], 0),
        ("build", ["build", str(folder), "-o", str(rebuilt_dir)], 0),
    ]
    for name, args, wanted in steps:
        run = outcome.runs[name] = run_wgc(args)
        _judge(outcome, name, run, wanted)
        if wanted is not None and run.status != wanted:
            return outcome
    outcome.folder_size = folder_bytes(folder)
    if outcome.folder_size > FOLDER_RATIO * outcome.size:
        outcome.failures.append(f"folder {outcome.folder_size / 1e6:.1f} MB > {FOLDER_RATIO}x the module")
    rebuilt = next(rebuilt_dir.glob("*.vmod"), None)
    if rebuilt is None:
        outcome.failures.append("build wrote no module")
        return outcome
    _judge(
        outcome,
        "inspect again",
        outcome.runs.setdefault("inspect again", run_wgc(["inspect", str(rebuilt)])),
        None,
    )
    imported = run_wgc(["import", str(rebuilt), "-o", str(again)])
    outcome.same_folder = imported.status == 0 and _files(folder) == _files(again)
    if not outcome.same_folder:
        outcome.failures.append("import of the build is not the same folder")
    return outcome


def _judge(outcome: Outcome, name: str, run: Run, wanted: int | None) -> None:
    if wanted is not None and run.status != wanted:
        outcome.failures.append(f"{name} exited {run.status}")
    if run.cpu > BUDGET_CPU[name]:
        outcome.failures.append(f"{name} {run.cpu:.1f} s CPU > {BUDGET_CPU[name]:.0f} s")
    if run.peak_mib > BUDGET_MIB:
        outcome.failures.append(f"{name} {run.peak_mib:.0f} MiB > {BUDGET_MIB:.0f} MiB")


def _files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def _cpu(outcome: Outcome, name: str, memory: bool = False) -> str:
    run = outcome.runs.get(name)
    if run is None:
        return "-"
    return f"{run.cpu:.1f}" + (f" ({run.peak_mib:.0f})" if memory else "")


def table(outcomes: list[Outcome]) -> str:
    lines = [
        "| module | source | MB | inspect s | import s (MiB) | build s (MiB) | inspect again s "
        "| folder / module | import . build |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for o in outcomes:
        ratio = f"{o.folder_size / o.size:.2f}" if o.folder_size else "-"
        same = {True: "same", False: "differs", None: "-"}[o.same_folder]
        where = o.entry.repo + ("" if o.entry.folder in (".", "") else f" `{o.entry.folder}`")
        cells = [
            _cpu(o, "inspect"),
            _cpu(o, "import", True),
            _cpu(o, "build", True),
            _cpu(o, "inspect again"),
        ]
        lines.append(
            f"| {where} | {o.source} | {o.size / 1e6:.1f} | {' | '.join(cells)} | {ratio} | {same} |"
        )
    failed = [o for o in outcomes if o.failures]
    lines += ["", f"{len(failed)} of {len(outcomes)} modules present fail a budget or a check:", ""]
    lines += ["| module | failures |", "| --- | --- |"]
    lines += [f"| {o.entry.repo} `{o.entry.folder}` | {'; '.join(o.failures)} |" for o in failed]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--modules", type=Path, default=None)
    parser.add_argument("--mirrors", type=Path, default=Path("/work/.mirror"))
    parser.add_argument("--only", default="", help="run the entries whose owner/name contains this")
    parser.add_argument(
        "--keep", type=Path, default=None, help="work in this folder and keep the modules and folders"
    )
    args = parser.parse_args()
    listed = [e for e in entries() if args.only.lower() in e.repo.lower()]
    outcomes: list[Outcome] = []
    with tempfile.TemporaryDirectory() as temporary:
        scratch = args.keep or Path(temporary)
        scratch.mkdir(parents=True, exist_ok=True)
        for entry in listed:
            found = present(entry, args.modules, args.mirrors, scratch)
            if found is None:
                continue
            print(f"{entry.repo} {entry.folder}: {found[1]} ...", file=sys.stderr, flush=True)
            outcomes.append(run_module(entry, found[0], found[1], scratch))
            print(f"  {'; '.join(outcomes[-1].failures) or 'ok'}", file=sys.stderr, flush=True)
    print(f"{len(outcomes)} of the {len(listed)} listed modules are present.\n")
    print(table(outcomes))


if __name__ == "__main__":
    main()
