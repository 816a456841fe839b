"""A Mosquitto broker of a harness's own (make bench, make fuzz): Debian's mosquitto with the
dynamic-security plugin (an admin account made with `mosquitto_ctrl dynsec init`), persistence
and a deep queue, on a free loopback port, stopped by its process id."""
import os
import secrets
import shutil
import socket
import subprocess
import time


def available():
    """Whether Debian's mosquitto and its clients are installed."""
    return bool(os.path.exists("/usr/sbin/mosquitto") and shutil.which("mosquitto_ctrl") and shutil.which("mosquitto_pub"))


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Mosquitto:
    """The broker, started in `folder`/mosquitto; `server_arguments` are atrium serve's."""

    def __init__(self, folder):
        self.folder = os.path.join(folder, "mosquitto")
        os.makedirs(self.folder)
        self.password = secrets.token_urlsafe(18)
        subprocess.run(["mosquitto_ctrl", "dynsec", "init", os.path.join(self.folder, "dynsec.json"),
                        "atrium-admin", self.password], check=True, capture_output=True)
        plugin = next(path for path in ("/usr/lib/x86_64-linux-gnu/mosquitto_dynamic_security.so",
                                        "/usr/lib/aarch64-linux-gnu/mosquitto_dynamic_security.so")
                      if os.path.exists(path))
        self.port = free_port()
        with open(os.path.join(self.folder, "mosquitto.conf"), "w") as conf:
            conf.write(f"""per_listener_settings false
listener {self.port} 127.0.0.1
allow_anonymous false
plugin {plugin}
plugin_opt_config_file {self.folder}/dynsec.json
persistence true
persistence_location {self.folder}/
autosave_on_changes true
max_queued_messages 100000
max_connections -1
log_dest none
{"user root" if os.getuid() == 0 else ""}
""")
        self.process = subprocess.Popen(["/usr/sbin/mosquitto", "-c", os.path.join(self.folder, "mosquitto.conf")],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.time() + 10
        while time.time() < deadline:
            with socket.socket() as probe:
                if probe.connect_ex(("127.0.0.1", self.port)) == 0:
                    return
            time.sleep(0.05)
        raise SystemExit("mosquitto did not start")

    @property
    def server_arguments(self):
        return ["--mqtt", f"mqtt://127.0.0.1:{self.port}", "--mqtt-admin", f"atrium-admin:{self.password}"]

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
