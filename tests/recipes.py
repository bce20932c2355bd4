#!/usr/bin/env python3
"""tests/recipes.py - README's "Use it in CI" recipes, run as written.

    python3 tests/recipes.py TOP TARBALL

The recipes are read from the README: the GitHub Actions workflow, the
same workflow through the action (.github/actions/shuffle-audit), and
the GitLab CI job.  TARBALL, made by make dist, stands in for the
release: by a file:// URL for the recipes that download it, and, for
the action, as the repository Actions fetches at the tag the workflow
names.  Each recipe runs in a project of its own (the fair plugin as
src/shuffle_plugin.c, the README's Python example as
tests/audit_shuffle.py, its C test suite as tests/test_shuffle.c) as a
user without root (nobody, when this runs as root), with a HOME of its
own.

GitHub's steps run as Actions runs them: each `run:` in
`bash --noprofile --norc -eo pipefail`, with the job's and the step's
env, after ${{ }} expressions (inputs, steps' outputs) are replaced, and
with what a step writes to $GITHUB_PATH, $GITHUB_ENV and $GITHUB_OUTPUT
honoured in the steps after it.  A `uses:` of the action runs the
action's own steps in its place (action.yml is read, not restated
here); actions/checkout stands for the project already in place, and
a `sudo apt-get` line is left out, its packages installed by CI.  A
test report's publisher (mikepenz/action-junit-report) stands for a
check that its report_paths name JUnit XML files, each with a test
case, none failing.  GitLab's script lines run in one `sh -e`, but for
the apt-get line, whose packages CI has installed, and its
artifacts:reports:junit files are checked the same way.

Each recipe must exit 0 and name the version make dist made, and each
that downloads the tarball must check it against SHUFFLE_AUDIT_SHA256
(given the tarball's own hash here): the GitLab job given another hash
must fail with nothing unpacked.  The GitLab job run again on the naive
shuffle must fail with exit status 1, its log naming the commonest and
rarest orderings and their ratio, and so must the action given `args`
that audit the naive shuffle (and Sattolo's, which never reaches most
orderings), each writing one error annotation that names them, while
the same `args` on Durstenfeld's shuffle pass with none.  The action's
cache key names the runner's image (ImageOS and ImageVersion, which
GitHub's runners set and the jobs here are given).

Only the part of YAML these files use is read: block mappings and
sequences, `|` and `>-` block scalars, quoted and plain scalars, and
one-line [a, b] lists.
"""
import fnmatch
import glob
import hashlib
import itertools
import os
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ElementTree

TOP, TARBALL = sys.argv[1], sys.argv[2]
TMP = sys.argv[3]
NAME = os.path.basename(TARBALL)
VERSION = NAME[len("shuffle-audit-"):-len(".tar.gz")]
with open(TARBALL, "rb") as _f:
    SHA256 = hashlib.sha256(_f.read()).hexdigest()
# The runner's image, as GitHub's runners name it in their environment.
IMAGE = {"ImageOS": "ubuntu24", "ImageVersion": "20261201.1"}
ACTION = "OWNER/shuffle-audit/.github/actions/shuffle-audit@v"
AS_USER = (["setpriv", "--reuid=nobody", "--regid=nogroup",
            "--clear-groups", "--"] if os.getuid() == 0 else [])
passed = failed = 0
JOBS = []


def check(ok, what):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print("FAIL: recipes: " + what)
    return ok


class Yaml:
    """The YAML these recipes use, read into dicts, lists and strings."""

    KEY = re.compile(r"([A-Za-z0-9_.-]+):(?: +(.*))?$")

    def __init__(self, text):
        self.lines = text.split("\n")
        self.i = 0

    def indent(self):
        """The indentation of the next line that holds a node, or -1."""
        while self.i < len(self.lines):
            s = self.lines[self.i].strip()
            if s and not s.startswith("#"):
                line = self.lines[self.i]
                return len(line) - len(line.lstrip())
            self.i += 1
        return -1

    def node(self, ind):
        if self.lines[self.i][ind:].startswith("- "):
            return self.seq(ind)
        return self.map(ind)

    def seq(self, ind):
        out = []
        while self.indent() == ind and self.lines[self.i][ind:][:2] == "- ":
            rest = self.lines[self.i][ind + 2:]
            if self.KEY.match(rest):
                # "- key: value": a mapping two columns in.
                self.lines[self.i] = " " * (ind + 2) + rest
                out.append(self.map(ind + 2))
            else:
                out.append(self.scalar(rest.strip()))
                self.i += 1
        return out

    def map(self, ind):
        out = {}
        while self.indent() == ind and self.lines[self.i][ind:][:2] != "- ":
            m = self.KEY.match(self.lines[self.i][ind:])
            if not m:
                raise ValueError("line %d: not a key: %r"
                                 % (self.i + 1, self.lines[self.i]))
            key, rest = m.group(1), (m.group(2) or "").strip()
            self.i += 1
            if rest in ("|", ">-"):
                out[key] = self.block(ind, rest)
            elif rest:
                out[key] = self.scalar(rest)
            else:
                nxt = self.indent()
                below = nxt > ind or (nxt == ind and
                                      self.lines[self.i][ind:][:2] == "- ")
                out[key] = self.node(nxt) if below else ""
        return out

    def block(self, ind, style):
        body, at = [], None
        while self.i < len(self.lines):
            line = self.lines[self.i]
            if line.strip():
                if len(line) - len(line.lstrip()) <= ind:
                    break
                at = len(line) - len(line.lstrip()) if at is None else at
                body.append(line[at:])
            else:
                body.append("")
            self.i += 1
        while body and not body[-1]:
            body.pop()
        return "\n".join(body) + "\n" if style == "|" else " ".join(body)

    @staticmethod
    def scalar(s):
        if len(s) >= 2 and s[0] in "\"'" and s[-1] == s[0]:
            return s[1:-1]
        if s.startswith("[") and s.endswith("]"):
            return [x.strip() for x in s[1:-1].split(",")]
        return s

    @classmethod
    def load(cls, text):
        y = cls(text)
        return y.node(y.indent())


def expand(text, inputs, steps, matrix=None):
    """Actions' ${{ inputs.X }}, ${{ steps.ID.outputs.X }} and
    ${{ matrix.X }}."""
    def one(m):
        ref = m.group(1).split(".")
        if ref[0] == "inputs" and len(ref) == 2 and ref[1] in inputs:
            return inputs[ref[1]]
        if ref[0] == "matrix" and len(ref) == 2 and ref[1] in (matrix or {}):
            return matrix[ref[1]]
        if (ref[0] == "steps" and len(ref) == 4 and ref[2] == "outputs"
                and ref[1] in steps):
            return steps[ref[1]].get(ref[3], "")
        raise ValueError("an expression the test does not know: "
                         + m.group(0))
    return re.sub(r"\$\{\{\s*([A-Za-z0-9_.-]+)\s*\}\}", one, text)


def own(path):
    """The tree at PATH, given to the user the recipes run as."""
    if not AS_USER:
        return
    os.lchown(path, 65534, 65534)
    for d, dirs, files in os.walk(path):
        for f in [d] + [os.path.join(d, x) for x in dirs + files]:
            os.lchown(f, 65534, 65534)


class Job:
    """One recipe's project, home and environment, as the user."""

    def __init__(self, name):
        self.dir = os.path.join(TMP, name)
        self.project = os.path.join(self.dir, "project")
        for sub in ("project/src", "project/tests", "home", "temp"):
            os.makedirs(os.path.join(self.dir, sub))
        shutil.copy(os.path.join(TOP, "tests/examples/plugins/fair.c"),
                    os.path.join(self.project, "src/shuffle_plugin.c"))
        shutil.copy(os.path.join(TOP, "tests/examples/harness/mine.py"),
                    os.path.join(self.project, "tests/audit_shuffle.py"))
        shutil.copy(os.path.join(TOP, "tests/examples/frameworks/c",
                                 "test_shuffle.c"),
                    os.path.join(self.project, "tests/test_shuffle.c"))
        self.files = {k: os.path.join(self.dir, k)
                      for k in ("github_path", "github_env")}
        for f in self.files.values():
            open(f, "w").close()
        own(self.dir)
        self.env = {k: v for k, v in os.environ.items()
                    if k not in ("MAKEFLAGS", "MAKELEVEL", "MFLAGS",
                                 "SHUFFLE_AUDIT", "SHUFFLE_AUDIT_CHILD")}
        self.env.update(HOME=os.path.join(self.dir, "home"),
                        RUNNER_TEMP=os.path.join(self.dir, "temp"),
                        GITHUB_PATH=self.files["github_path"],
                        GITHUB_ENV=self.files["github_env"], **IMAGE)
        self.count = 0
        JOBS.append(self)

    def variables(self, recipe, sha256=SHA256):
        """The recipe's variables, but a file:// URL for the download,
        and SHA256 for its hash, which the recipe must name."""
        check("SHUFFLE_AUDIT_SHA256" in recipe,
              os.path.basename(self.dir) + ": the recipe does not check "
              "the tarball's SHA-256 (SHUFFLE_AUDIT_SHA256)")
        self.env.update(recipe)
        self.env["SHUFFLE_AUDIT_TARBALL"] = "file://" + TARBALL
        self.env["SHUFFLE_AUDIT_SHA256"] = sha256

    def run(self, script, shell, env=(), quiet=False):
        """SCRIPT in SHELL; its exit status.  Its output goes to a log,
        whose end is shown when it fails, unless QUIET."""
        self.count += 1
        path = os.path.join(self.dir, "step%02d.sh" % self.count)
        with open(path, "w") as f:
            f.write(script)
        out = os.path.join(self.dir, "step%02d.out" % self.count)
        env = dict(self.env, **dict(env))
        with open(self.files["github_path"]) as f:
            extra = [x for x in f.read().split("\n") if x][::-1]
        env["PATH"] = ":".join(extra + [env["PATH"]])
        with open(self.files["github_env"]) as f:
            env.update(x.split("=", 1) for x in f.read().split("\n") if x)
        own(path)
        with open(out, "wb") as f:
            status = subprocess.call(AS_USER + shell + [path], env=env,
                                     cwd=self.project, stdout=f,
                                     stderr=subprocess.STDOUT)
        if status != 0 and not quiet:
            with open(out, errors="replace") as f:
                sys.stdout.write("".join(f.readlines()[-20:]))
        self.log = out
        return status

    def github_step(self, script, env, quiet=False):
        """One run: step, as Actions runs it; its exit status and the
        outputs it wrote."""
        out = os.path.join(self.dir, "output%02d" % (self.count + 1))
        open(out, "w").close()
        own(out)
        status = self.run(script, ["bash", "--noprofile", "--norc", "-eo",
                                   "pipefail"], dict(env, GITHUB_OUTPUT=out),
                          quiet)
        with open(out) as f:
            return status, dict(x.split("=", 1)
                                for x in f.read().split("\n") if x)


def action(job, given, quiet=False):
    """The action's steps, run in place of its uses: line, with the
    inputs GIVEN; its exit status and outputs."""
    spec = Yaml.load(open(os.path.join(TOP, ".github/actions/shuffle-audit",
                                       "action.yml")).read())
    inputs = {k: v.get("default", "") for k, v in spec["inputs"].items()}
    unknown = set(given) - set(inputs)
    if unknown:
        raise ValueError("inputs the action does not have: %s" % unknown)
    inputs.update(given)
    # Actions fetches the repository at the tag; here, the tarball,
    # unpacked once and built by the first job that runs the action
    # (the jobs after it install from the built tree, each in its HOME).
    where = os.path.join(TMP, "actions")
    if not os.path.isdir(where):
        os.makedirs(where)
        subprocess.check_call(["tar", "-xzf", TARBALL, "-C", where])
        own(where)
    path = os.path.join(where, "shuffle-audit-" + VERSION,
                        ".github/actions/shuffle-audit")
    assert spec["runs"]["using"] == "composite"
    steps = {}
    for step in spec["runs"]["steps"]:
        # actions/cache: a cache that starts empty, as a first run's does.
        if step.get("uses", "").startswith("actions/cache@"):
            continue
        assert step["shell"] == "bash", "the test runs bash steps only"
        env = {k: expand(v, inputs, steps)
               for k, v in step.get("env", {}).items()}
        env["GITHUB_ACTION_PATH"] = path
        status, out = job.github_step(expand(step["run"], inputs, steps),
                                      env, quiet)
        if status != 0:
            return status, {}
        steps[step.get("id", "")] = out
        if step.get("id") == "source":
            image = "-%(ImageOS)s-%(ImageVersion)s-" % IMAGE
            check(image in out.get("key", ""), "the action's cache key %r "
                  "does not name the runner's image" % out.get("key"))
    return 0, {k: expand(v["value"], inputs, steps)
               for k, v in spec["outputs"].items()}


def artifact(job, step, uses, store, matrix):
    """actions/upload-artifact and download-artifact, by a folder."""
    given = {k: expand(v, {}, {}, matrix)
             for k, v in step.get("with", {}).items()}
    if uses.startswith("actions/upload-artifact@"):
        dest = os.path.join(store, given["name"])
        os.makedirs(dest)
        shutil.copy(os.path.join(job.project, given["path"]), dest)
        return 0
    assert given.get("merge-multiple") == "true", "merge-multiple only"
    for name in sorted(os.listdir(store)):
        if fnmatch.fnmatch(name, given["pattern"]):
            for f in os.listdir(os.path.join(store, name)):
                shutil.copy(os.path.join(store, name, f), job.project)
    own(job.project)
    return 0


def junit(job, pattern, who):
    """The JUnit XML files PATTERN names in JOB's project: each parses,
    holds a test case, and none fails; the project's own test suite's
    test (test_fisher_yates, tests/test_shuffle.c) is among them.  0, or
    1 (said) when not."""
    paths = sorted(glob.glob(os.path.join(job.project, pattern)))
    ok = bool(paths)
    names = set()
    for path in paths:
        try:
            root = ElementTree.parse(path).getroot()
        except ElementTree.ParseError:
            ok = False
            continue
        names.update(x.get("name") for x in root.iter("testcase"))
        ok = (ok and root.tag in ("testsuites", "testsuite")
              and root.find(".//testcase") is not None
              and root.find(".//failure") is None
              and root.find(".//error") is None)
    ok = ok and "test_fisher_yates" in names
    return 0 if check(ok, "%s: the JUnit reports %s (%s) are not all "
                      "passing JUnit XML, or lack the test suite's"
                      % (who, pattern, paths)) else 1


def github_job(name, spec, matrix, store):
    """One job of a workflow (one of its matrix's combinations); the Job,
    or None when a step failed."""
    job = Job(name)
    env = spec.get("env", {})
    if "SHUFFLE_AUDIT_VERSION" in env:
        check(env["SHUFFLE_AUDIT_VERSION"] == VERSION,
              name + ": the recipe's SHUFFLE_AUDIT_VERSION is not " + VERSION)
        job.variables(env)
    steps = {}
    for step in spec["steps"]:
        uses = step.get("uses", "")
        out = {}
        if uses.startswith("actions/checkout@"):
            continue
        if re.match(r"actions/(up|down)load-artifact@", uses):
            status = artifact(job, step, uses, store, matrix)
        elif uses.startswith("mikepenz/action-junit-report@"):
            status = junit(job, step["with"]["report_paths"], name)
        elif uses:
            if not check(uses == ACTION + VERSION,
                         "%s: uses %s, not %s" % (name, uses,
                                                  ACTION + VERSION)):
                return None
            status, out = action(job, step.get("with", {}))
        else:
            # CI has installed the packages a sudo apt-get line asks.
            script = "\n".join(x for x in step["run"].split("\n")
                               if not x.startswith("sudo apt-get "))
            status, out = job.github_step(
                expand(script, {}, steps, matrix), step.get("env", {}))
        if not check(status == 0, "%s: step %r failed (log above)"
                     % (name, expand(step.get("name", uses or
                                              step.get("run")), {}, steps,
                                     matrix))):
            return None
        steps[step.get("id", "")] = out
    check(True, name)
    return job


def github(name, workflow):
    """WORKFLOW's jobs in order, each once for every combination of its
    matrix, the artifacts carried in a folder; the last job run."""
    store = os.path.join(TMP, name + "-artifacts")
    os.makedirs(store)
    job = None
    for jname, spec in workflow["jobs"].items():
        axes = spec.get("strategy", {}).get("matrix", {})
        keys = sorted(axes)
        for values in itertools.product(*(axes[k] for k in keys)):
            matrix = dict(zip(keys, values))
            label = "-".join([name] + ([jname] if len(workflow["jobs"]) > 1
                                       else []) + list(values))
            job = github_job(label, spec, matrix, store)
            if job is None:
                return None
    return job


def gitlab(job_spec):
    """The GitLab job, on the fair shuffle and then on the naive one."""
    job = Job("gitlab")
    variables = job_spec["variables"]
    check(variables["SHUFFLE_AUDIT_VERSION"] == VERSION,
          "gitlab: the recipe's SHUFFLE_AUDIT_VERSION is not " + VERSION)
    job.variables(variables)
    # CI has installed the packages the apt-get line asks.
    script = "\n".join(x for x in job_spec["script"]
                       if not x.startswith("apt-get ")) + "\n"
    check(job.run(script, ["sh", "-e"]) == 0,
          "gitlab: the job failed (log above)")
    reports = job_spec.get("artifacts", {}).get("reports", {})
    if "junit" in reports:
        junit(job, reports["junit"], "gitlab")
    # Another hash: the job fails before it unpacks or installs anything.
    bad = Job("gitlab-sha256")
    bad.variables(variables, sha256="0" * 64)
    home = bad.env["HOME"]
    status = bad.run(script, ["sh", "-e"], quiet=True)
    left = [x for x in os.listdir(os.path.join(home, "src"))
            if x != "shuffle-audit.tar.gz"] if os.path.isdir(
                os.path.join(home, "src")) else []
    check(status != 0 and not left
          and not os.path.exists(os.path.join(home, ".local")),
          "gitlab: a tarball of another SHA-256 exited %d and left %s"
          % (status, left))
    # The same job on an unfair shuffle (the naive one) must fail, with
    # the census's exit status 1.
    plugin = os.path.join(job.project, "src/shuffle_plugin.c")
    shutil.copy(os.path.join(TOP, "tests/examples/plugins/naive.c"), plugin)
    own(plugin)
    status = job.run(script, ["sh", "-e"], quiet=True)
    log = open(job.log).read()
    named = all(re.search(x, log, re.M) for x in (
        r"^verdict +unfair", r"^commonest +[0-9]+: [0-9]+ runs",
        r"^rarest +[0-9]+: [0-9]+ runs", r"^commonest / rarest +[0-9.]+"))
    check(status == 1 and named, "gitlab: an unfair plugin exited %d, not "
          "1, or its log does not name the orderings and ratio" % status)


def parts(workflow):
    """The audit in parts over a matrix: the merge job's report is the
    audit's run whole (in the last part's job, which has its files)."""
    merged = github("github-parts", workflow)
    if merged is None:
        return
    report = open(merged.log).read()
    audit = workflow["jobs"]["audit"]
    last = audit["strategy"]["matrix"]["part"][-1]
    lines = [expand(x, {}, {}, {"part": last}) for step in audit["steps"]
             for x in step.get("run", "").split("\n") if "--part " in x]
    whole, n = re.subn(r" --part \S+ > \S+$", "", lines[0] if lines else "")
    if not check(n == 1, "github-parts: no --part line to run whole"):
        return
    job = [j for j in JOBS
           if os.path.basename(j.dir) == "github-parts-audit-" + last][0]
    job.run(whole + "\n", ["bash", "--noprofile", "--norc"], quiet=True)
    check(open(job.log).read() == report and "verdict" in report,
          "github-parts: the merged report is not the whole audit's")


def main():
    text = open(os.path.join(TOP, "README.md")).read()
    section = text.split("\n## Use it in CI\n", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```yaml\n(.*?)```", section, re.S)
    if not check(len(blocks) == 4,
                 "expected four yaml recipes, found %d" % len(blocks)):
        return
    plain, through, lab, matrix = (Yaml.load(b) for b in blocks)

    github("github", plain)
    job = github("github-action", through)

    # The action's own input, args, in the same job (whose tree the
    # action has built): Durstenfeld's shuffle passes, the naive one
    # and Sattolo's fail with the census's exit status, each with one
    # annotation naming the orderings (census -n 4 and -a sattolo -n 3's
    # goldens: 1032 15 runs, 3012 8; 120 and 201 once each, 012 never).
    for algo, n, want, note in (
            ("durstenfeld", 4, 0, None),
            ("naive", 4, 1, "unfair: the commonest ordering, 1032, comes up"
             " 15/8 (1.88) times as often as the rarest, 3012"),
            ("sattolo", 3, 1, "unfair: the rarest ordering, 012, never comes"
             " up; the commonest is 120")):
        status, _ = action(job, {"args": "census --check -a %s -n %d"
                                 % (algo, n)}, quiet=True)
        notes = [x for x in open(job.log).read().split("\n")
                 if x.startswith("::error::")]
        check(status == want and notes == (
            ["::error::shuffle-audit: " + note] if note else []),
              "the action with args auditing %s exited %d, not %d, or "
              "annotated %s" % (algo, status, want, notes))

    parts(matrix)

    gitlab(lab["shuffle-audit"])

main()
print("recipes: %d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
