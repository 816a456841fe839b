import Foundation

/// A real SMTP server for tests: aiosmtpd (pinned in `.venv`) on 127.0.0.1 and a free port,
/// optionally with STARTTLS required (a certificate made for the run, `certificatePath`) and a
/// sign-in. It refuses recipients whose local part starts with `unknown` (550) or `busy` (451),
/// and parses every accepted mail with Python's `email` package into a `ReceivedMail`. Stopped
/// by its process id; `stop()` then `start()` brings it back on the same port.
public final class SMTPSink: @unchecked Sendable {
  public struct Failure: Error, CustomStringConvertible {
    public let description: String
  }

  /// A mail as Python's `email` package reads it (parts with LF line ends).
  public struct ReceivedMail: Decodable, Sendable {
    public let mailFrom: String
    public let recipients: [String]
    /// Decoded (RFC 2047).
    public let subject: String
    public let from: String
    public let to: String
    public let messageId: String
    public let contentType: String
    public let text: String?
    public let html: String?
    /// Every header, decoded, by name as written.
    public let headers: [String: String]
    /// Whether the mail came over TLS.
    public let tls: Bool
    /// The name the client gave in its EHLO.
    public let greeting: String
    public let raw: String
  }

  public static let username = "atrium"
  public static let password = "mail-secret"

  public let port: Int
  public let requiresTLS: Bool
  public let requiresSignIn: Bool
  /// The PEM certificate the server presents (it is its own authority), when TLS is on.
  public var certificatePath: String { folder.path + "/cert.pem" }
  public var url: String { "smtp://127.0.0.1:\(port)" }
  /// Where each received mail is written as JSON (`ReceivedMail`), for tools that read them.
  public var mailFolder: String { folder.path + "/mail" }
  private let folder: TemporaryDirectory
  private var process: Process?

  public init(requiresTLS: Bool = false, requiresSignIn: Bool = false) throws {
    self.requiresTLS = requiresTLS
    self.requiresSignIn = requiresSignIn
    folder = TemporaryDirectory(prefix: "atrium-smtp")
    port = try FreePort.loopback()
    try FileManager.default.createDirectory(atPath: folder.path + "/mail", withIntermediateDirectories: true)
    if requiresTLS {
      try Command.run(
        "/usr/bin/openssl",
        [
          "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1",
          "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", folder.path + "/key.pem", "-out", certificatePath,
        ])
    }
    try start()
  }

  deinit {
    stop()
  }

  /// Starts the server and waits until it says it listens.
  public func start() throws {
    guard process == nil else { return }
    let python = Self.repositoryRoot + "/.venv/bin/python3"
    guard FileManager.default.isExecutableFile(atPath: python) else {
      throw Failure(description: "\(python) is missing: run make test (it installs aiosmtpd)")
    }
    let sink = Process()
    sink.executableURL = URL(fileURLWithPath: python)
    sink.arguments = [
      "-c", Self.script, String(port), folder.path, requiresTLS ? "tls" : "plain", requiresSignIn ? "auth" : "open",
    ]
    let output = Pipe()
    sink.standardOutput = output
    let log = folder.path + "/sink.log"
    _ = FileManager.default.createFile(atPath: log, contents: nil)
    sink.standardError = FileHandle(forWritingAtPath: log)
    try sink.run()
    process = sink
    let ready = output.fileHandleForReading.availableData
    guard String(decoding: ready, as: UTF8.self).hasPrefix("READY") else {
      stop()
      let said = (try? String(contentsOfFile: log, encoding: .utf8))?.split(separator: "\n").last ?? ""
      throw Failure(description: "the SMTP sink did not start on port \(port): \(said)")
    }
  }

  /// Stops the server (SIGKILL by its pid: a test's child inherits its blocked signals).
  public func stop() {
    guard let sink = process else { return }
    process = nil
    kill(sink.processIdentifier, SIGKILL)
    sink.waitUntilExit()
  }

  /// While on, the sink keeps each mail it received but waits 30 s before it answers that it
  /// took it: a client killed meanwhile cannot know the mail arrived.
  public func holdReplies(_ holding: Bool) throws {
    let flag = folder.path + "/hold-replies"
    if holding {
      try Data().write(to: URL(fileURLWithPath: flag))
    } else {
      try? FileManager.default.removeItem(atPath: flag)
    }
  }

  /// Every mail received so far, in the order they arrived.
  public func mails() throws -> [ReceivedMail] {
    let directory = folder.path + "/mail"
    let names = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".json") }.sorted()
    return try names.map {
      try JSONDecoder().decode(ReceivedMail.self, from: Data(contentsOf: URL(fileURLWithPath: directory + "/" + $0)))
    }
  }

  /// Waits up to `seconds` until at least `count` mails arrived; returns them all.
  public func waitForMails(_ count: Int, seconds: Double = 10) throws -> [ReceivedMail] {
    _ = waitUntil({ ((try? mails().count) ?? 0) >= count }, deadline: seconds)
    return try mails()
  }

  private static var repositoryRoot: String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().path
  }

  private static let script = """
    import asyncio, email, email.policy, json, os, ssl, sys, threading, time
    from aiosmtpd.controller import Controller
    from aiosmtpd.smtp import AuthResult, LoginPassword
    port, folder, security, auth = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4]
    count = [0]
    lock = threading.Lock()

    class Handler:
        async def handle_RCPT(self, server, session, envelope, address, options):
            local = address.split('@')[0]
            if local.startswith('unknown'):
                return '550 5.1.1 Mailbox unknown'
            if local.startswith('busy'):
                return '451 4.3.0 Try again later'
            envelope.rcpt_tos.append(address)
            return '250 OK'

        async def handle_DATA(self, server, session, envelope):
            message = email.message_from_bytes(envelope.original_content, policy=email.policy.default)
            parts = {}
            for part in message.walk():
                if part.get_content_maintype() == 'text':
                    parts[part.get_content_subtype()] = part.get_content().replace('\\r\\n', '\\n')
            record = {
                'mailFrom': envelope.mail_from, 'recipients': envelope.rcpt_tos,
                'subject': str(message['subject']), 'from': str(message['from']), 'to': str(message['to']),
                'messageId': str(message['message-id']), 'contentType': message.get_content_type(),
                'text': parts.get('plain'), 'html': parts.get('html'),
                'headers': {name: str(value) for name, value in message.items()},
                'tls': session.ssl is not None, 'greeting': session.host_name, 'raw': envelope.original_content.decode('utf-8', 'replace')}
            with lock:
                count[0] += 1
                name = '%020d-%06d' % (time.time_ns(), count[0])
            path = os.path.join(folder, 'mail', name)
            with open(path + '.tmp', 'w') as file:
                json.dump(record, file)
            os.rename(path + '.tmp', path + '.json')
            if os.path.exists(os.path.join(folder, 'hold-replies')):
                await asyncio.sleep(30)
            return '250 Message accepted'

    def authenticator(server, session, envelope, mechanism, data):
        ok = isinstance(data, LoginPassword) and data.login == b'atrium' and data.password == b'mail-secret'
        return AuthResult(success=ok)

    options = {}
    if security == 'tls':
        context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        context.load_cert_chain(os.path.join(folder, 'cert.pem'), os.path.join(folder, 'key.pem'))
        options.update(tls_context=context, require_starttls=True)
    if auth == 'auth':
        options.update(authenticator=authenticator, auth_required=True, auth_require_tls=security == 'tls')
    # aiosmtpd gives up after 5 s without its thread serving: a busy machine (the stress runs)
    # took longer.
    controller = Controller(Handler(), hostname='127.0.0.1', port=port, ready_timeout=60, **options)
    controller.start()
    print('READY', flush=True)
    threading.Event().wait()
    """
}
