"""A stream of msgpack maps with hard limits, in the style of ``IntNStringReceiver``.

:class:`MsgpackStreamProtocol` only frames and decodes: it feeds received
bytes to a bounded :class:`msgpack.Unpacker`, checks the size of every
message and the rate of messages, and hands each decoded map to one hook,
:meth:`~MsgpackStreamProtocol.message_received`.  Whatever a peer sends,
the worst outcome is an ``error`` message and a closed connection.

Limits are class attributes so a subclass (or a test) can change them:

- ``max_message``: bytes in one message; more (or a partial message that
  grows past it) is ``frame/too_long``;
- ``rate`` and ``burst``: a token bucket of messages per second;
- ``idle_timeout``: seconds without a complete message before ``net/idle``;
- ``max_backlog``: bytes queued for a peer that has stopped reading;
- ``close_grace``: seconds a closed connection may take to say goodbye.

The clock (``IReactorTime``) is passed in; tests use ``task.Clock``.
"""

from __future__ import annotations

from typing import Any

import msgpack
from twisted.internet.interfaces import IPushProducer
from twisted.internet.protocol import Protocol
from twisted.logger import Logger
from zope.interface import implementer

from .messages import Code, ProtocolError, error

MAX_MESSAGE = 16 * 1024


def packb(msg: Any) -> bytes:
    """Encode one message; bytes stay ``bin``, strings ``str``."""
    return msgpack.packb(msg, use_bin_type=True)


def make_unpacker(max_message: int = MAX_MESSAGE) -> msgpack.Unpacker:
    """An unpacker that refuses anything a protocol message cannot hold."""
    return msgpack.Unpacker(
        raw=False, strict_map_key=True, use_list=True,
        max_buffer_size=2 * max_message,
        max_str_len=max_message, max_bin_len=max_message,
        max_array_len=1024, max_map_len=64, max_ext_len=0)


class Deframer:
    """Bytes in, decoded messages out, with the size limit enforced.

    Pure (no transport), so the limits can be tested on their own.

    :raises ProtocolError: ``frame/too_long`` or ``frame/bad``; the
        deframer is useless afterwards.
    """

    def __init__(self, max_message: int = MAX_MESSAGE) -> None:
        self.max_message = max_message
        self._unpacker = make_unpacker(max_message)
        self._fed = 0
        self._start = 0     # stream offset where the current (partial) message began

    def feed(self, data: bytes) -> list[Any]:
        out: list[Any] = []
        view = memoryview(data)
        step = self.max_message
        for offset in range(0, len(view), step):
            chunk = view[offset:offset + step]
            self._unpacker.feed(chunk)
            self._fed += len(chunk)
            while True:
                try:
                    msg = self._unpacker.unpack()
                except msgpack.OutOfData:
                    break
                except (ValueError, msgpack.UnpackException) as exc:
                    raise ProtocolError(Code.FRAME_BAD, type(exc).__name__) from None
                end = self._unpacker.tell()
                if end - self._start > self.max_message:
                    raise ProtocolError(Code.FRAME_TOO_LONG, f"over {self.max_message} bytes")
                self._start = end
                out.append(msg)
            if self._fed - self._start > self.max_message:
                raise ProtocolError(Code.FRAME_TOO_LONG, f"over {self.max_message} bytes")
        return out

    @property
    def buffered(self) -> int:
        """Bytes of a partial message waiting for the rest."""
        return self._fed - self._start


class TokenBucket:
    """``rate`` events per second on average, ``burst`` at once."""

    def __init__(self, clock, rate: float, burst: float) -> None:  # type: ignore[no-untyped-def]
        self.clock, self.rate, self.burst = clock, rate, burst
        self.tokens = burst
        self.stamp = clock.seconds()

    def take(self) -> bool:
        now = self.clock.seconds()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < 1.0:
            return False
        self.tokens -= 1.0
        return True


@implementer(IPushProducer)
class MsgpackStreamProtocol(Protocol):
    """Frames msgpack maps; subclasses implement :meth:`message_received`.

    Not checked here: the fields of a message (see :mod:`net.messages`).
    """

    max_message = MAX_MESSAGE
    rate = 50.0
    burst = 200.0
    idle_timeout: float | None = 300.0
    #: A message must arrive in full within this many seconds of its first byte (a dribbling peer).
    slow_timeout: float | None = 30.0
    max_backlog = 1 << 20
    close_grace = 5.0
    half_close = True      # shut only our sending half first (see close())

    log = Logger()

    def __init__(self, clock) -> None:  # type: ignore[no-untyped-def]
        self.clock = clock
        self.closing = False
        self._deframer = Deframer(self.max_message)
        self._bucket: TokenBucket | None = None
        self._idle = None
        self._paused = False
        self._backlog = 0
        self._abort_call = None
        self._slow = None

    # ----------------------------------------------------------- connection
    def connectionMade(self) -> None:
        nodelay = getattr(self.transport, "setTcpNoDelay", None)
        if nodelay is not None:  # small messages, sent at once: no Nagle delay
            try:
                nodelay(True)
            except OSError:
                pass
        self._bucket = TokenBucket(self.clock, self.rate, self.burst)
        if self.idle_timeout is not None:
            self._idle = self.clock.callLater(self.idle_timeout, self._timed_out)
        register = getattr(self.transport, "registerProducer", None)
        if register is not None:
            register(self, True)

    def connectionLost(self, reason=None) -> None:  # type: ignore[no-untyped-def]
        self.closing = True
        for call in (self._idle, self._slow):
            if call is not None and call.active():
                call.cancel()
        self._idle = self._slow = None
        if self._abort_call is not None and self._abort_call.active():
            self._abort_call.cancel()
        self._abort_call = None

    def peer_text(self) -> str:
        try:
            peer = self.transport.getPeer()
            return f"{getattr(peer, 'host', '?')}:{getattr(peer, 'port', '?')}"
        except Exception:  # noqa: BLE001 - some fake transports have no peer
            return "?"

    # ------------------------------------------------------------- receive
    def dataReceived(self, data: bytes) -> None:
        if self.closing:
            return
        try:
            messages = self._deframer.feed(data)
        except ProtocolError as exc:
            self.protocol_error(exc)
            return
        for msg in messages:
            if self.closing:
                return
            assert self._bucket is not None
            if not self._bucket.take():
                self.protocol_error(ProtocolError(Code.RATE_LIMITED, f"over {self.rate:g} messages/s"))
                return
            if self._idle is not None and self._idle.active() and self.counts_as_activity(msg):
                self._idle.reset(self.idle_timeout)
            self.message_received(msg)
        self._watch_partial()

    def _watch_partial(self) -> None:
        """Start the clock on a partial message; stop it once nothing is half-received."""
        if self.closing or self.slow_timeout is None:
            return
        if self._deframer.buffered == 0:
            if self._slow is not None and self._slow.active():
                self._slow.cancel()
            self._slow = None
        elif self._slow is None:
            self._slow = self.clock.callLater(self.slow_timeout, self._too_slow)

    def _too_slow(self) -> None:
        self._slow = None
        self.protocol_error(ProtocolError(Code.SLOW_SENDER, f"a message took over {self.slow_timeout:g} s"))

    def counts_as_activity(self, msg: Any) -> bool:
        """Whether ``msg`` keeps the connection from idling out (subclasses: a bare ping may not)."""
        return True

    def message_received(self, msg: Any) -> None:
        """One decoded msgpack value (not yet known to be a valid message)."""
        raise NotImplementedError

    def protocol_error(self, exc: ProtocolError, ref: str | None = None, rid: int | None = None) -> None:
        """Tell the peer; close the connection if the error is fatal.

        Logged with ``error()``: it is the peer's bad input, not our bug.
        """
        self.log.error("bad input from {peer}: {code} {detail}", peer=self.peer_text(),
                       code=exc.code.value, detail=exc.detail)
        self.send(error(exc.code, exc.detail, ref=ref, rid=rid))
        if exc.fatal:
            self.close()

    # ---------------------------------------------------------------- send
    def send(self, msg: dict) -> None:
        self.send_bytes(packb(msg))

    def send_bytes(self, data: bytes) -> None:
        """Write an already packed message (a broadcast packs once)."""
        if self.transport is None or self.closing:
            return
        if self._paused:
            self._backlog += len(data)
            if self._backlog > self.max_backlog:
                self.log.error("peer {peer} does not read; dropping it", peer=self.peer_text())
                self.closing = True
                self.transport.abortConnection()
                return
        self.transport.write(data)

    def close(self) -> None:
        """Flush what was sent and close; abort if the peer does not read it in time.

        Only the sending half is shut at first (what the peer still sends is
        read and dropped), so that our last message, usually an ``error``,
        is not lost to a TCP reset.
        """
        if self.closing:
            return
        self.closing = True
        unregister = getattr(self.transport, "unregisterProducer", None)
        if unregister is not None:
            unregister()
        half = getattr(self.transport, "loseWriteConnection", None) if self.half_close else None
        if half is not None:
            half()
        else:
            self.transport.loseConnection()
        abort = getattr(self.transport, "abortConnection", None)
        if abort is not None and self.close_grace:
            self._abort_call = self.clock.callLater(self.close_grace, abort)

    def _timed_out(self) -> None:
        self._idle = None
        self.protocol_error(ProtocolError(Code.IDLE_TIMEOUT, f"nothing for {self.idle_timeout:g} s"))

    # -------------------------------------------------- IPushProducer
    def pauseProducing(self) -> None:
        self._paused = True

    def resumeProducing(self) -> None:
        self._paused = False
        self._backlog = 0

    def stopProducing(self) -> None:
        self._paused = True
