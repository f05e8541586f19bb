"""TLS for a public lobby: the server's certificate, and a client that checks it or pins it.

Server: ``run.py server --tls`` with ``--cert``/``--key`` (PEM), or without
them a self-signed certificate made once in the data folder (key mode
0600); the SHA-256 fingerprint is printed so players can compare it.

Client (``tls://host:port``): the server's chain is checked against the
system's trust store and the host name; if that fails (a self-signed
server), the fingerprint is **pinned on first use** in a small JSON file
(``known_servers.json`` in the user state folder) and must match on every
later visit.  A changed fingerprint is refused loudly
(:class:`FingerprintChanged`), never replaced in silence.  Nothing is
sent before that check: the ``hello`` waits for the handshake.

Twisted's own TLS (``twisted[tls]``: pyOpenSSL, service_identity) does the
work; this module only builds contexts and keeps pins.
"""

from __future__ import annotations

import datetime
import hashlib
import json
import os
from pathlib import Path

from OpenSSL import SSL, crypto
from twisted.internet import ssl
from twisted.internet.interfaces import IOpenSSLClientConnectionCreator
from zope.interface import implementer

CERT_NAME, KEY_NAME = "tls-cert.pem", "tls-key.pem"


class FingerprintChanged(Exception):
    """The server's certificate is not the one pinned for it: a different server, or someone in between."""

    def __init__(self, where: str, pinned: str, got: str) -> None:
        super().__init__(f"the TLS certificate of {where} changed: pinned {pinned}, got {got}. Someone may be "
                         f"in between; if the server's owner really replaced it, remove its line from the "
                         f"known servers file")
        self.where, self.pinned, self.got = where, pinned, got


def fingerprint(der: bytes) -> str:
    """SHA-256 of a DER certificate, as colon-separated hex (what browsers show)."""
    return ":".join(f"{b:02X}" for b in hashlib.sha256(der).digest())


def make_self_signed(folder: Path, name: str = "mrjack lobby") -> tuple[Path, Path]:
    """A P-256 key and a 10-year self-signed certificate in ``folder`` (the key written 0600)."""
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    folder.mkdir(parents=True, exist_ok=True)
    key = ec.generate_private_key(ec.SECP256R1())
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, name)])
    now = datetime.datetime.now(datetime.UTC)
    cert = (x509.CertificateBuilder().subject_name(subject).issuer_name(subject).public_key(key.public_key())
            .serial_number(x509.random_serial_number()).not_valid_before(now - datetime.timedelta(days=1))
            .not_valid_after(now + datetime.timedelta(days=3650))
            .sign(key, hashes.SHA256()))
    cert_path, key_path = folder / CERT_NAME, folder / KEY_NAME
    fd = os.open(key_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "wb") as f:
        f.write(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                  serialization.NoEncryption()))
    cert_path.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    return cert_path, key_path


def server_options(data_dir: Path, cert: str | None = None, key: str | None = None
                   ) -> tuple[ssl.CertificateOptions, str]:
    """The server's TLS options and its certificate's fingerprint.

    Without ``cert``/``key`` the data folder's self-signed pair is used (made on first use).

    :raises ValueError: if only one of ``cert``/``key`` is given, or they do not load.
    """
    if (cert is None) != (key is None):
        raise ValueError("--cert and --key go together")
    if cert is None:
        cert_path, key_path = data_dir / CERT_NAME, data_dir / KEY_NAME
        if not (cert_path.exists() and key_path.exists()):
            make_self_signed(data_dir)
    else:
        cert_path, key_path = Path(cert), Path(key)  # type: ignore[arg-type]
    try:
        pem = cert_path.read_bytes() + b"\n" + key_path.read_bytes()
        private = ssl.PrivateCertificate.loadPEM(pem)
    except (OSError, crypto.Error, SSL.Error) as exc:
        raise ValueError(f"cannot load the TLS certificate and key: {exc}") from None
    return private.options(), fingerprint(private.dump(crypto.FILETYPE_ASN1))


class PinStore:
    """``{"host:port": fingerprint}`` in a JSON file (written 0600)."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def _load(self) -> dict[str, str]:
        try:
            data = json.loads(self.path.read_text())
        except (OSError, ValueError):
            return {}
        return {str(k): str(v) for k, v in data.items()} if isinstance(data, dict) else {}

    def get(self, where: str) -> str | None:
        return self._load().get(where)

    def pin(self, where: str, fp: str) -> None:
        data = self._load()
        data[where] = fp
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_suffix(".tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w") as f:
            json.dump(data, f, indent=1, sort_keys=True)
        os.replace(tmp, self.path)


def default_pins() -> PinStore:
    env = os.environ.get("MRJACK_NET_STATE")
    if env:
        return PinStore(Path(env) / "known_servers.json")
    try:
        import platformdirs

        base = Path(platformdirs.user_state_dir("mrjack")) / "net"
    except ImportError:
        base = Path.home() / ".mrjack" / "net"
    return PinStore(base / "known_servers.json")


@implementer(IOpenSSLClientConnectionCreator)
class CheckedClientTLS:
    """A client connection that notes whether the system trust store vouches for the server.

    The handshake itself accepts any certificate; :meth:`check` (called once
    it is done, before anything is sent) then requires a valid chain with the
    right host name, or a match with the pinned fingerprint (pinning it the
    first time).
    """

    def __init__(self, host: str, port: int, pins: PinStore) -> None:
        self.host, self.port, self.pins = host, port, pins
        self.where = f"{host}:{port}"
        self.chain_ok = True

    def _verify(self, conn, x509, errno, depth, ok) -> bool:  # type: ignore[no-untyped-def]
        if not ok:
            self.chain_ok = False
        return True   # decided in check(), once the whole certificate is known

    def clientConnectionForTLS(self, tlsProtocol):  # type: ignore[no-untyped-def]
        ctx = SSL.Context(SSL.TLS_CLIENT_METHOD)
        ctx.set_min_proto_version(SSL.TLS1_2_VERSION)
        ctx.set_default_verify_paths()
        ctx.set_verify(SSL.VERIFY_PEER, self._verify)
        conn = SSL.Connection(ctx, None)
        conn.set_app_data(tlsProtocol)
        if not _is_ip(self.host):
            conn.set_tlsext_host_name(self.host.encode("idna"))
        conn.set_connect_state()
        return conn

    def check(self, conn: SSL.Connection) -> str:
        """How the server was trusted (``"system"``, ``"pinned"``, ``"first use"``).

        :raises FingerprintChanged: if the pinned fingerprint differs.
        :raises ValueError: if the server sent no certificate.
        """
        cert = conn.get_peer_certificate()
        if cert is None:
            raise ValueError("the server sent no certificate")
        got = fingerprint(crypto.dump_certificate(crypto.FILETYPE_ASN1, cert))
        if self.chain_ok and _host_ok(conn, self.host):
            return "system"
        pinned = self.pins.get(self.where)
        if pinned is None:
            self.pins.pin(self.where, got)
            return "first use"
        if pinned != got:
            raise FingerprintChanged(self.where, pinned, got)
        return "pinned"


def _is_ip(host: str) -> bool:
    import ipaddress

    try:
        ipaddress.ip_address(host)
    except ValueError:
        return False
    return True


def _host_ok(conn: SSL.Connection, host: str) -> bool:
    from service_identity import VerificationError
    from service_identity.pyopenssl import verify_hostname, verify_ip_address

    try:
        (verify_ip_address if _is_ip(host) else verify_hostname)(conn, host)
    except (VerificationError, ValueError) as exc:  # noqa: F841 - a name mismatch: fall back to the pin
        return False
    except Exception:  # noqa: BLE001 - service_identity's other refusals (no SAN...): the pin decides
        return False
    return True
