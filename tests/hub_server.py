"""A small Hugging Face Hub-compatible HTTP server for the tests (127.0.0.1, in memory, dataset repos only).

It speaks the parts of the Hub API that `huggingface_hub` (create_repo, upload_folder with LFS, create_tag,
list_repo_refs, hf_hub_download, HfFileSystem) and `datasets.load_dataset` use, with the Hub's semantics where
the tests depend on them: a commit is applied whole or not at all, a revision is a branch, a tag or a commit
sha, a tag that exists is refused with 409, 404s carry `X-Error-Code`. Set `HF_HUB_DISABLE_XET=1`.

`server.fail[...]` makes the next request of a kind fail with a status, or with (status, n) the next n
(for the failure and retry tests), and
`server.unhandled` lists requests no route matched, so a test can assert the client needed nothing else.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, unquote, urlsplit

import yaml

LFS_SUFFIXES = (".parquet", ".png", ".arrow", ".bin", ".zip", ".gz")
GITATTRIBUTES = b"*.parquet filter=lfs diff=lfs merge=lfs -text\n*.png filter=lfs diff=lfs merge=lfs -text\n"


def git_blob_sha1(content: bytes) -> str:
    return hashlib.sha1(b"blob %d\0" % len(content) + content).hexdigest()


def is_lfs(path: str, size: int) -> bool:
    return path.endswith(LFS_SUFFIXES) or size > 10 * 1024 * 1024


@dataclass
class Commit:
    oid: str
    parent: str | None
    message: str
    files: dict[str, bytes]


@dataclass
class Repo:
    repo_id: str
    private: bool
    commits: dict[str, Commit] = field(default_factory=dict)
    branches: dict[str, str] = field(default_factory=dict)
    tags: dict[str, str] = field(default_factory=dict)

    def resolve(self, revision: str) -> Commit | None:
        revision = unquote(revision)
        for name in (revision, revision.removeprefix("refs/heads/"), revision.removeprefix("refs/tags/")):
            if name in self.branches:
                return self.commits[self.branches[name]]
            if name in self.tags:
                return self.commits[self.tags[name]]
        return self.commits.get(revision)


class HubState:
    def __init__(self) -> None:
        self.repos: dict[str, Repo] = {}
        self.lfs: dict[str, bytes] = {}
        self.lock = threading.Lock()
        self.fail: dict[str, int] = {}  # kind of request -> HTTP status of its next occurrence
        self.unhandled: list[str] = []
        self.requests: list[str] = []
        self._counter = 0

    def new_commit(self, repo: Repo, parent: str | None, message: str, files: dict[str, bytes]) -> Commit:
        self._counter += 1
        digest = hashlib.sha1(f"{repo.repo_id}\0{parent}\0{message}\0{self._counter}".encode())
        for path in sorted(files):
            digest.update(path.encode() + b"\0" + hashlib.sha256(files[path]).digest())
        commit = Commit(digest.hexdigest(), parent, message, files)
        repo.commits[commit.oid] = commit
        return commit


class HubServer:
    """Runs the server in a thread: `with HubServer() as hub: hub.endpoint ...`."""

    def __init__(self, token: str = "hf_test_token") -> None:
        self.state = HubState()
        self.token = token
        state, token_ = self.state, token

        class Handler(_Handler):
            hub = state
            expected_token = token_

        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._httpd.daemon_threads = True
        self.endpoint = f"http://127.0.0.1:{self._httpd.server_address[1]}"
        Handler.endpoint = self.endpoint
        self._thread = threading.Thread(target=self._httpd.serve_forever, daemon=True)

    @property
    def fail(self) -> dict[str, int]:
        return self.state.fail

    @property
    def unhandled(self) -> list[str]:
        return self.state.unhandled

    def repo(self, repo_id: str) -> Repo:
        return self.state.repos[repo_id]

    def __enter__(self) -> HubServer:
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()


_REPO = r"(?P<repo>[^/]+/[^/]+?)"


class _Handler(BaseHTTPRequestHandler):
    hub: HubState
    expected_token: str
    endpoint: str
    protocol_version = "HTTP/1.1"

    def log_message(self, format, *args):  # quiet
        pass

    # ---------------------------------------------------------------- plumbing
    def _send(self, status: int, body: bytes = b"", headers: dict[str, str] | None = None, head: bool = False):
        self.send_response(status)
        for key, value in (headers or {}).items():
            self.send_header(key, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if not head:
            self.wfile.write(body)

    def _json(self, status: int, payload, headers: dict[str, str] | None = None):
        self._send(
            status,
            json.dumps(payload).encode(),
            {"Content-Type": "application/json", **(headers or {})},
            head=self.command == "HEAD",
        )

    def _error(self, status: int, code: str | None, message: str):
        headers = {"X-Error-Message": message}
        if code:
            headers["X-Error-Code"] = code
        self._json(status, {"error": message}, headers)

    def _body(self) -> bytes:
        if self.headers.get("Transfer-Encoding", "").lower() == "chunked":
            chunks = []
            while True:
                size = int(self.rfile.readline().split(b";")[0].strip(), 16)
                if size == 0:
                    self.rfile.readline()
                    return b"".join(chunks)
                chunks.append(self.rfile.read(size))
                self.rfile.readline()
        length = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(length) if length else b""

    def _authorized(self) -> bool:
        if self.headers.get("Authorization") == f"Bearer {self.expected_token}":
            return True
        self._error(401, None, "Invalid credentials in Authorization header")
        return False

    def _failing(self, kind: str) -> bool:
        with self.hub.lock:
            status = self.hub.fail.pop(kind, None)
            if isinstance(status, tuple):  # (status, times): fail this many times in a row
                status, times = status
                if times > 1:
                    self.hub.fail[kind] = (status, times - 1)
        if status is None:
            return False
        self._error(status, None, f"injected failure of {kind}")
        return True

    def _repo(self, repo_id: str) -> Repo | None:
        repo = self.hub.repos.get(repo_id)
        if repo is None:
            self._error(404, "RepoNotFound", f"Repository not found: {repo_id}")
        return repo

    def _repo_at(self, repo_id: str, revision: str) -> tuple[Repo, Commit] | None:
        """The repo and the commit a revision names, or None after answering 404."""
        repo = self._repo(repo_id)
        commit = self._commit(repo, revision) if repo is not None else None
        return (repo, commit) if commit is not None else None

    def _commit(self, repo: Repo, revision: str) -> Commit | None:
        commit = repo.resolve(revision)
        if commit is None:
            self._error(404, "RevisionNotFound", f"Invalid rev id: {unquote(revision)}")
        return commit

    def _route(self):
        url = urlsplit(self.path)
        self.hub.requests.append(f"{self.command} {url.path}")
        routes = [
            ("POST", r"/api/repos/create", self.create_repo),
            ("POST", r"/api/validate-yaml", self.validate_yaml),
            ("POST", rf"/api/datasets/{_REPO}/preupload/(?P<rev>[^/]+)", self.preupload),
            ("POST", rf"/api/datasets/{_REPO}/commit/(?P<rev>[^/]+)", self.commit),
            ("POST", rf"/api/datasets/{_REPO}/tag/(?P<rev>[^/]+)", self.tag),
            ("POST", rf"/api/datasets/{_REPO}/paths-info/(?P<rev>[^/]+)", self.paths_info),
            ("POST", rf"/datasets/{_REPO}\.git/info/lfs/objects/batch", self.lfs_batch),
            ("PUT", r"/lfs-objects/(?P<oid>[0-9a-f]{64})", self.lfs_put),
            ("GET", rf"/api/datasets/{_REPO}/refs", self.refs),
            ("GET", rf"/api/datasets/{_REPO}/tree/(?P<rev>[^/]+)(?:/(?P<path>.*))?", self.tree),
            ("GET", rf"/api/datasets/{_REPO}/revision/(?P<rev>[^/]+)", self.info),
            ("GET", rf"/api/datasets/{_REPO}", self.info),
            ("GET", rf"/datasets/{_REPO}/resolve/(?P<rev>[^/]+)/(?P<path>.+)", self.resolve),
            ("HEAD", rf"/datasets/{_REPO}/resolve/(?P<rev>[^/]+)/(?P<path>.+)", self.resolve),
            # huggingface_hub fetches a registry of AI agent names for its user agent; not part of the protocol
            ("GET", r"/api/agent-harnesses", lambda query: self._error(404, None, "not served here")),
        ]
        for method, pattern, handler in routes:
            if method != self.command:
                continue
            match = re.fullmatch(pattern, url.path)
            if match:
                params = {k: unquote(v) if v is not None else None for k, v in match.groupdict().items()}
                query = {k: v[-1] for k, v in parse_qs(url.query).items()}
                try:
                    handler(query=query, **params)
                except Exception as error:  # a bug here must show up in the test, not hang it
                    self.hub.unhandled.append(f"{self.command} {url.path}: {error!r}")
                    self._error(500, None, repr(error))
                return
        self.hub.unhandled.append(f"{self.command} {self.path}")
        self._error(404, None, f"no route for {self.command} {url.path}")

    do_GET = do_POST = do_PUT = do_HEAD = _route

    # ---------------------------------------------------------------- write side
    def create_repo(self, query):
        payload = json.loads(self._body() or b"{}")
        if not self._authorized() or self._failing("create"):
            return
        if payload.get("type") != "dataset":
            return self._error(400, None, "this test server holds dataset repos only")
        repo_id = f"{payload['organization']}/{payload['name']}" if payload.get("organization") else payload["name"]
        url = f"{self.endpoint}/datasets/{repo_id}"
        with self.hub.lock:
            if repo_id in self.hub.repos:
                return self._json(409, {"error": "You already created this dataset repo", "url": url})
            repo = Repo(repo_id, private=payload.get("visibility") == "private" or bool(payload.get("private")))
            first = self.hub.new_commit(repo, None, "initial commit", {".gitattributes": GITATTRIBUTES})
            repo.branches["main"] = first.oid
            self.hub.repos[repo_id] = repo
        self._json(200, {"url": url, "name": repo_id})

    def validate_yaml(self, query):
        payload = json.loads(self._body() or b"{}")
        content = payload.get("content", "")
        match = re.match(r"^---\n(.*?)\n---\n", content, re.S)
        if not match:
            return self._json(200, {"errors": [], "warnings": [{"message": "empty or missing yaml metadata"}]})
        try:
            meta = yaml.safe_load(match.group(1))
        except yaml.YAMLError as error:
            return self._json(400, {"errors": [{"message": f"invalid YAML: {error}"}]})
        errors = []
        if not isinstance(meta, dict):
            errors.append({"message": "metadata must be a mapping"})
        else:
            for config in meta.get("configs", []):
                if not config.get("config_name") or not config.get("data_files"):
                    errors.append({"message": f"config without name or data_files: {config}"})
        self._json(400 if errors else 200, {"errors": errors, "warnings": []})

    def preupload(self, query, repo, rev):
        payload = json.loads(self._body() or b"{}")
        if not self._authorized():
            return
        at = self._repo_at(repo, rev)
        if at is None:
            return
        found, commit = at
        files = []
        for item in payload["files"]:
            path, size = item["path"], item["size"]
            mode = "lfs" if is_lfs(path, size) and size > 0 else "regular"
            content = commit.files.get(path)
            oid = None
            if content is not None:
                oid = hashlib.sha256(content).hexdigest() if mode == "lfs" else git_blob_sha1(content)
            files.append({"path": path, "uploadMode": mode, "shouldIgnore": False, "oid": oid})
        self._json(200, {"files": files})

    def lfs_batch(self, query, repo):
        payload = json.loads(self._body() or b"{}")
        if not self._authorized() or self._repo(repo) is None:
            return
        objects = []
        for obj in payload["objects"]:
            entry = {"oid": obj["oid"], "size": obj["size"]}
            if obj["oid"] not in self.hub.lfs:
                entry["actions"] = {"upload": {"href": f"{self.endpoint}/lfs-objects/{obj['oid']}"}}
            objects.append(entry)
        self._json(200, {"transfer": "basic", "objects": objects}, {"Content-Type": "application/vnd.git-lfs+json"})

    def lfs_put(self, query, oid):
        body = self._body()
        if self._failing("lfs_put"):
            return
        if hashlib.sha256(body).hexdigest() != oid:
            return self._error(400, None, "content does not match its oid")
        with self.hub.lock:
            self.hub.lfs[oid] = body
        self._send(200)

    def commit(self, query, repo, rev):
        lines = [json.loads(line) for line in self._body().splitlines() if line.strip()]
        if not self._authorized():
            return
        found = self._repo(repo)
        if found is None or self._failing("commit"):
            return
        with self.hub.lock:
            branch = unquote(rev)
            if branch not in found.branches:
                return self._error(404, "RevisionNotFound", f"Invalid rev id: {branch}")
            head = found.commits[found.branches[branch]]
            files = dict(head.files)
            header = {}
            for line in lines:
                key, value = line["key"], line["value"]
                if key == "header":
                    header = value
                elif key == "file":
                    files[value["path"]] = base64.b64decode(value["content"])
                elif key == "lfsFile":
                    content = self.hub.lfs.get(value["oid"])
                    if content is None or len(content) != value["size"]:
                        return self._error(422, None, f"LFS object {value['oid']} of {value['path']} was not uploaded")
                    files[value["path"]] = content
                elif key == "deletedFile":
                    if value["path"] not in files:
                        return self._error(
                            404, "EntryNotFound", f"A file with this name doesn't exist: {value['path']}"
                        )
                    del files[value["path"]]
                elif key == "deletedFolder":
                    prefix = value["path"].rstrip("/") + "/"
                    for path in [p for p in files if p.startswith(prefix)]:
                        del files[path]
                else:
                    return self._error(400, None, f"unknown commit operation {key}")
            parent = header.get("parentCommit")
            if parent and parent != head.oid:
                return self._error(412, None, "A commit has happened since. Please refresh and try again.")
            new = self.hub.new_commit(found, head.oid, header.get("summary", ""), files)
            found.branches[branch] = new.oid
        self._json(
            200,
            {
                "commitUrl": f"{self.endpoint}/datasets/{repo}/commit/{new.oid}",
                "commitOid": new.oid,
                "pullRequestUrl": None,
                "success": True,
            },
        )

    def tag(self, query, repo, rev):
        payload = json.loads(self._body() or b"{}")
        if not self._authorized():
            return
        found = self._repo(repo)
        if found is None or self._failing("tag"):
            return
        with self.hub.lock:
            commit = self._commit(found, rev)
            if commit is None:
                return
            if payload["tag"] in found.tags or payload["tag"] in found.branches:
                return self._error(409, None, f"Tag {payload['tag']} already exists")
            found.tags[payload["tag"]] = commit.oid
        self._json(200, {})

    # ---------------------------------------------------------------- read side
    def _entry(self, path: str, content: bytes, commit: Commit) -> dict:
        entry = {"type": "file", "oid": git_blob_sha1(content), "size": len(content), "path": path}
        if is_lfs(path, len(content)) and path != ".gitattributes":
            entry["lfs"] = {"oid": hashlib.sha256(content).hexdigest(), "size": len(content), "pointerSize": 134}
        return entry

    def _folder(self, path: str, commit: Commit) -> dict:
        return {"type": "directory", "oid": hashlib.sha1(f"{commit.oid}:{path}".encode()).hexdigest(), "path": path}

    def info(self, query, repo, rev="main"):
        at = self._repo_at(repo, rev)
        if at is None:
            return
        found, commit = at
        card = commit.files.get("README.md", b"").decode()
        match = re.match(r"^---\n(.*?)\n---\n", card, re.S)
        self._json(
            200,
            {
                "_id": hashlib.md5(repo.encode()).hexdigest()[:24],
                "id": repo,
                "author": repo.split("/")[0],
                "sha": commit.oid,
                "private": found.private,
                "gated": False,
                "disabled": False,
                "downloads": 0,
                "likes": 0,
                "tags": [],
                "lastModified": time.strftime("%Y-%m-%dT%H:%M:%S.000Z", time.gmtime()),
                "createdAt": "2026-01-01T00:00:00.000Z",
                "cardData": yaml.safe_load(match.group(1)) if match else None,
                "siblings": [{"rfilename": path} for path in sorted(commit.files)],
            },
        )

    def refs(self, query, repo):
        found = self._repo(repo)
        if found is None:
            return
        self._json(
            200,
            {
                "branches": [
                    {"name": n, "ref": f"refs/heads/{n}", "targetCommit": o} for n, o in sorted(found.branches.items())
                ],
                "tags": [
                    {"name": n, "ref": f"refs/tags/{n}", "targetCommit": o} for n, o in sorted(found.tags.items())
                ],
                "converts": [],
            },
        )

    def _listing(self, commit: Commit, path: str, recursive: bool) -> list[dict] | None:
        prefix = path.strip("/") + "/" if path.strip("/") else ""
        entries: dict[str, dict] = {}
        for file_path in sorted(commit.files):
            if not file_path.startswith(prefix):
                continue
            rest = file_path[len(prefix) :].split("/")
            for depth in range(1, len(rest)):
                folder = prefix + "/".join(rest[:depth])
                if recursive or depth == 1:
                    entries.setdefault(folder, self._folder(folder, commit))
                if not recursive:
                    break
            if recursive or len(rest) == 1:
                entries[file_path] = self._entry(file_path, commit.files[file_path], commit)
        if prefix and not entries:
            return None
        return [entries[k] for k in sorted(entries)]

    def tree(self, query, repo, rev, path=None):
        at = self._repo_at(repo, rev)
        if at is None:
            return
        found, commit = at
        listing = self._listing(commit, path or "", query.get("recursive") in ("1", "true", "True"))
        if listing is None:
            return self._error(404, "EntryNotFound", f"{path} does not exist on {rev}")
        self._json(200, listing)

    def paths_info(self, query, repo, rev):
        body = self._body()
        if self.headers.get("Content-Type", "").startswith("application/json"):
            paths = json.loads(body).get("paths", [])
        else:
            paths = parse_qs(body.decode()).get("paths", [])
        at = self._repo_at(repo, rev)
        if at is None:
            return
        found, commit = at
        result = []
        for path in paths:
            path = path.strip("/")
            if path in commit.files:
                result.append(self._entry(path, commit.files[path], commit))
            elif any(p.startswith(path + "/") for p in commit.files):
                result.append(self._folder(path, commit))
        self._json(200, result)

    def resolve(self, query, repo, rev, path):
        at = self._repo_at(repo, rev)
        if at is None:
            return
        found, commit = at
        content = commit.files.get(path)
        if content is None:
            return self._error(404, "EntryNotFound", f"{path} does not exist at {rev}")
        etag = hashlib.sha256(content).hexdigest() if is_lfs(path, len(content)) else git_blob_sha1(content)
        headers = {
            "X-Repo-Commit": commit.oid,
            "ETag": f'"{etag}"',
            "Accept-Ranges": "bytes",
            "Content-Type": "application/octet-stream",
        }
        ranged = re.fullmatch(r"bytes=(\d*)-(\d*)", self.headers.get("Range", ""))
        if ranged and self.command == "GET":
            start_s, end_s = ranged.groups()
            if start_s == "":
                start, end = max(0, len(content) - int(end_s)), len(content) - 1
            else:
                start, end = int(start_s), min(int(end_s) if end_s else len(content) - 1, len(content) - 1)
            headers["Content-Range"] = f"bytes {start}-{end}/{len(content)}"
            return self._send(206, content[start : end + 1], headers)
        if self.command == "HEAD":
            self.send_response(200)
            for key, value in headers.items():
                self.send_header(key, value)
            self.send_header("Content-Length", str(len(content)))
            self.end_headers()
            return
        self._send(200, content, headers)
