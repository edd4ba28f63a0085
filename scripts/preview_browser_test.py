#!/usr/bin/env python3
"""The preview page in a real browser: headless Chromium, driven over the
Chrome DevTools Protocol (a websocket; Python standard library only).

Starts `strata preview` on a copy of scenes/demo.yaml (loopback, any free
port), loads the page, scrubs the timeline and jumps to a time, and checks
that the frame the page shows equals `strata render --time` of that time
pixel for pixel; edits the scene and checks that the page shows the new
version; breaks the scene and checks that the page shows the diagnostic
(file:line:column, the source line, the caret) and keeps the last good
frame. Screenshots go to OUT_DIR (page.png, page-error.png).

usage: preview_browser_test.py STRATA_BINARY OUT_DIR
"""
import base64, json, os, re, shutil, signal, socket, struct, subprocess, sys, tempfile, time, urllib.request, zlib

TIMEOUT = 30.0  # seconds for any one wait


def fail(message):
    print("preview browser test: FAILED: " + message, file=sys.stderr)
    raise SystemExit(1)


# --- PNG decoding (8-bit RGB/RGBA, not interlaced: what strata and Chromium write) ---------------
def png_pixels(data):
    """(width, height, RGBA bytes) of a PNG."""
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        fail("not a PNG")
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    width, height, depth, color, _, _, interlace = header
    if depth != 8 or color not in (2, 6) or interlace:
        fail("unsupported PNG (depth %d, color type %d, interlace %d)" % (depth, color, interlace))
    channels = 3 if color == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * channels
    out = bytearray(width * height * 4)
    prev = bytearray(stride)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b = prev[i]
            c = prev[i - channels] if i >= channels else 0
            if kind == 1: line[i] = (line[i] + a) & 255
            elif kind == 2: line[i] = (line[i] + b) & 255
            elif kind == 3: line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        if channels == 4:
            out[y * width * 4:(y + 1) * width * 4] = line
        else:
            row = out[y * width * 4:(y + 1) * width * 4]
            row[0::4], row[1::4], row[2::4] = line[0::3], line[1::3], line[2::3]
            row[3::4] = b"\xff" * width
            out[y * width * 4:(y + 1) * width * 4] = row
        prev = line
    return width, height, bytes(out)


# --- a minimal websocket client (RFC 6455: masked client frames, fragmented messages) ------------
class WebSocket:
    def __init__(self, url):
        m = re.match(r"ws://([^/:]+):(\d+)(/.*)", url)
        self.sock = socket.create_connection((m.group(1), int(m.group(2))), timeout=TIMEOUT)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall(("GET %s HTTP/1.1\r\nHost: %s:%s\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                           "Sec-WebSocket-Key: %s\r\nSec-WebSocket-Version: 13\r\n\r\n"
                           % (m.group(3), m.group(1), m.group(2), key)).encode())
        response = b""
        while b"\r\n\r\n" not in response:
            chunk = self.sock.recv(4096)
            if not chunk:
                fail("websocket handshake: connection closed")
            response += chunk
        if b" 101 " not in response.split(b"\r\n")[0]:
            fail("websocket handshake refused: " + response.split(b"\r\n")[0].decode())
        self.buffer = response.split(b"\r\n\r\n", 1)[1]

    def _read(self, n):
        while len(self.buffer) < n:
            chunk = self.sock.recv(1 << 20)
            if not chunk:
                fail("websocket closed")
            self.buffer += chunk
        data, self.buffer = self.buffer[:n], self.buffer[n:]
        return data

    def send(self, text, opcode=1):
        payload = text.encode() if isinstance(text, str) else text
        header = bytes([0x80 | opcode])
        n = len(payload)
        if n < 126: header += bytes([0x80 | n])
        elif n < 65536: header += bytes([0x80 | 126]) + struct.pack(">H", n)
        else: header += bytes([0x80 | 127]) + struct.pack(">Q", n)
        mask = os.urandom(4)
        self.sock.sendall(header + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))

    def receive(self):
        message = b""
        while True:
            b0, b1 = self._read(2)
            n = b1 & 127
            if n == 126: n = struct.unpack(">H", self._read(2))[0]
            elif n == 127: n = struct.unpack(">Q", self._read(8))[0]
            payload = self._read(n)
            opcode = b0 & 15
            if opcode == 9:
                self.send(payload, opcode=10)
                continue
            if opcode == 8:
                fail("the browser closed the DevTools connection")
            message += payload
            if b0 & 0x80:
                return message.decode()


class Page:
    """One browser tab, driven with CDP commands."""
    def __init__(self, ws_url):
        self.ws = WebSocket(ws_url)
        self.next_id = 0

    def call(self, method, **params):
        self.next_id += 1
        self.ws.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            message = json.loads(self.ws.receive())
            if message.get("id") == self.next_id:
                if "error" in message:
                    fail("%s: %s" % (method, message["error"]))
                return message["result"]

    def evaluate(self, expression):
        result = self.call("Runtime.evaluate", expression=expression, awaitPromise=True, returnByValue=True)
        if "exceptionDetails" in result:
            fail("script error in %r: %s" % (expression[:80], result["exceptionDetails"]))
        return result["result"].get("value")

    def wait_for(self, expression, what):
        deadline = time.time() + TIMEOUT
        while time.time() < deadline:
            if self.evaluate(expression):
                return
            time.sleep(0.1)
        fail("timed out waiting for " + what)

    def screenshot(self, path):
        data = base64.b64decode(self.call("Page.captureScreenshot", format="png")["data"])
        with open(path, "wb") as f:
            f.write(data)

    def shown_frame(self):
        """The pixels of the frame image the page shows, as (width, height, RGBA)."""
        data_url = self.evaluate("""(() => {
            const img = document.getElementById('frame');
            const c = document.createElement('canvas');
            c.width = img.naturalWidth; c.height = img.naturalHeight;
            c.getContext('2d').drawImage(img, 0, 0);
            return c.toDataURL('image/png');
        })()""")
        return png_pixels(base64.b64decode(data_url.split(",", 1)[1]))


def rendered(strata, scene, time_arg, work):
    path = os.path.join(work, "reference.png")
    subprocess.run([strata, "render", scene, "--time", time_arg, "-o", path, "--quiet"], check=True)
    with open(path, "rb") as f:
        return png_pixels(f.read())


def same_pixels(shown, reference, what):
    if shown[:2] != reference[:2]:
        fail("%s: the page shows a %dx%d frame, render gives %dx%d" % ((what,) + shown[:2] + reference[:2]))
    if shown[2] != reference[2]:
        differing = sum(1 for i in range(0, len(shown[2]), 4) if shown[2][i:i + 4] != reference[2][i:i + 4])
        fail("%s: %d pixels differ from strata render" % (what, differing))
    print("ok  %s: the shown frame equals strata render pixel for pixel (%dx%d)" % ((what,) + shown[:2]))


def main():
    strata, out_dir = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    os.makedirs(out_dir, exist_ok=True)
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    work = tempfile.mkdtemp(prefix="strata-preview-browser-")
    server = browser = None
    try:
        shutil.copytree(os.path.join(root, "scenes", "fonts"), os.path.join(work, "fonts"))
        scene = os.path.join(work, "demo.yaml")
        shutil.copy(os.path.join(root, "scenes", "demo.yaml"), scene)
        with open(scene) as f:
            original = f.read()

        server = subprocess.Popen([strata, "preview", "demo.yaml", "--port", "0"], cwd=work,
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = server.stdout.readline()
        m = re.search(r"(http://127\.0\.0\.1:\d+/)", line)
        if not m:
            fail("strata preview printed no URL: %r %s" % (line, server.stderr.read()))
        url = m.group(1)

        profile = os.path.join(work, "chromium-profile")
        browser = subprocess.Popen(["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                                    "--force-color-profile=srgb", "--remote-debugging-port=0",
                                    "--remote-allow-origins=*", "--user-data-dir=" + profile,
                                    "--window-size=1440,900", "about:blank"],
                                   stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        devtools = None
        deadline = time.time() + TIMEOUT
        while devtools is None and time.time() < deadline:
            line = browser.stderr.readline()
            m = re.search(r"DevTools listening on (ws://\S+)", line)
            if m: devtools = m.group(1)
            elif not line and browser.poll() is not None: fail("chromium exited")
        if devtools is None:
            fail("chromium printed no DevTools address")
        port = re.match(r"ws://[^:]+:(\d+)/", devtools).group(1)
        targets = json.load(urllib.request.urlopen("http://127.0.0.1:%s/json/list" % port, timeout=TIMEOUT))
        page = Page(next(t for t in targets if t["type"] == "page")["webSocketDebuggerUrl"])
        page.call("Page.enable")
        page.call("Runtime.enable")
        page.call("Page.navigate", url=url)

        shown = "document.getElementById('frame').dataset"
        page.wait_for("window.strata !== undefined && %s.state === 'shown'" % shown, "the first frame")
        print("ok  the page loads and shows frame 0")

        # Scrub: the slider to frame 45 (1.5s at 30 fps), as a user drags it.
        page.evaluate("(() => { const s = document.getElementById('slider'); s.value = '45';"
                      " s.dispatchEvent(new Event('input')); })()")
        page.wait_for("%s.state === 'shown' && %s.time === '1.5'" % (shown, shown), "frame 45 after scrubbing")
        same_pixels(page.shown_frame(), rendered(strata, scene, "1.5s", work), "slider at frame 45")
        position = page.evaluate("document.getElementById('position').textContent")
        if "frame 45" not in position or "1.500s" not in position:
            fail("the position label says %r" % position)

        # Jump to a time between frames.
        page.evaluate("(() => { const j = document.getElementById('jump'); j.value = '2.345s';"
                      " j.dispatchEvent(new Event('change')); })()")
        page.wait_for("%s.state === 'shown' && %s.time === '2.345'" % (shown, shown), "the frame at 2.345s")
        same_pixels(page.shown_frame(), rendered(strata, scene, "2.345s", work), "jump to 2.345s")

        # The layer panel: inspect's tree; a click outlines the layer.
        page.wait_for("document.querySelectorAll('#tree li').length > 5", "the layer tree")
        page.evaluate("document.querySelector('#tree li[data-path=\"card\"]').click()")
        page.wait_for("document.querySelectorAll('#outline polygon').length === 1", "the card's outline")
        print("ok  the layer tree lists the layers; clicking 'card' outlines it")
        page.screenshot(os.path.join(out_dir, "page.png"))

        # Playback: frames advance at up to the scene's fps and the page says how many it shows.
        page.evaluate("window.strata.play()")
        page.wait_for("parseFloat(%s.time) > 2.5 && /fps shown/.test(document.getElementById('fps').textContent)"
                      % shown, "playback to advance")
        fps = page.evaluate("document.getElementById('fps').textContent")
        page.evaluate("window.strata.pause()")
        page.wait_for("%s.state === 'shown' && !window.strata.state.playing" % shown, "the pause")
        print("ok  play advances the frames and shows the real fps (%s)" % fps)
        page.evaluate("window.strata.seek(2.345)")
        page.wait_for("%s.state === 'shown' && %s.time === '2.345'" % (shown, shown), "the frame at 2.345s again")

        # Reload on save: a new colour for the background.
        with open(scene, "w") as f:
            f.write(original.replace('background: "#0f1226"', 'background: "#3a1020"'))
        page.wait_for("%s.version === '2' && %s.state === 'shown'" % (shown, shown), "version 2 after the edit")
        if page.evaluate("%s.time" % shown) != "2.345":
            fail("after the reload the page shows another time")
        good = page.shown_frame()
        same_pixels(good, rendered(strata, scene, "2.345s", work), "after editing the scene")

        # A scene with an error: the diagnostic shows, the last good frame stays.
        broken = original.replace('background: "#0f1226"', 'background: "#3a1020"').replace("fps: 30", "fps: thirty")
        line_number = broken.split("\n").index("  fps: thirty") + 1
        with open(scene, "w") as f:
            f.write(broken)
        page.wait_for("!document.getElementById('diagnostics').hidden", "the diagnostics")
        text = page.evaluate("document.getElementById('diagnostics').innerText")
        if "demo.yaml:%d:8:" % line_number not in text or "fps: thirty" not in text or "^" not in text:
            fail("the diagnostics panel says %r" % text)
        if page.evaluate("%s.version" % shown) != "2":
            fail("the page did not keep the last good frame")
        if page.shown_frame() != good:
            fail("the frame changed while the scene had errors")
        print("ok  an error shows demo.yaml:%d:8 with the source line and a caret; the last good frame stays"
              % line_number)
        page.screenshot(os.path.join(out_dir, "page-error.png"))

        # Fixed again: the diagnostics go away.
        with open(scene, "w") as f:
            f.write(original)
        page.wait_for("document.getElementById('diagnostics').hidden && %s.version === '3'" % shown,
                      "version 3 after the fix")
        print("ok  fixing the scene clears the diagnostics and shows version 3")

        server.send_signal(signal.SIGINT)
        status = server.wait(timeout=TIMEOUT)
        if status != 0:
            fail("strata preview exited %d after Ctrl-C" % status)
        print("ok  Ctrl-C stops strata preview (exit 0)")
        print("preview browser test: 8 passed, 0 failed")
    finally:
        for process in (browser, server):
            if process and process.poll() is None:
                process.kill()
                process.wait()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
