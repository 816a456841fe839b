import AtriumCurl
import Foundation

/// Push services for tests, in one HTTPS server on 127.0.0.1 and a free port (Python's hypercorn,
/// HTTP/2 and HTTP/1.1, a certificate made for the run): a Web Push service that checks each
/// message's VAPID token (ES256 with `cryptography`; `aud`, `exp`, `sub`) and decrypts it with
/// `http_ece` for the subscriptions it made (`subscribe`), and an APNs-shaped service that checks
/// the provider token against the key it is given, and FCM's token endpoint (an RS256 JWT checked
/// against the service account's key) and send endpoint (the access tokens it issued). Each
/// answers what a test queued (`answer`), else 201 (Web Push) or 200, and keeps what it
/// received. Stopped by its process id.
public final class PushServiceStandIn: @unchecked Sendable {
  public struct Failure: Error, CustomStringConvertible {
    public let description: String
  }

  /// What one push looked like on arrival.
  public struct Received: Decodable, Sendable {
    /// `webpush`, `apns`, `fcm`, or `fcm-token` (a service account's token request).
    public let service: String
    /// The subscription's name, or the APNs or FCM device token.
    public let name: String
    /// Lowercased names.
    public let headers: [String: String]
    public let httpVersion: String?
    /// The decrypted Web Push message, or the APNs body.
    public let payload: Payload?
    /// The checked token's claims.
    public let vapid: [String: Claim]?
    public let jwtHeader: [String: String]?
    /// Why the message was refused (a bad token, a body that does not decrypt).
    public let error: String?
    public let answered: Int?
    /// The body's length in bytes (encrypted, for Web Push).
    public let size: Int?
  }

  /// A JSON object as received.
  public typealias Payload = [String: JSONValue]
  public typealias Claim = JSONValue

  public let port: Int
  public var url: String { "https://127.0.0.1:\(port)" }
  /// The certificate the server presents (its own authority): what Atrium is told to trust.
  public var certificatePath: String { folder.path + "/cert.pem" }
  private let folder: TemporaryDirectory
  private var process: Process?

  /// - Parameters:
  ///   - apnsPublicKey: The uncompressed P-256 point provider tokens must verify with.
  ///   - fcmPublicKey: A PEM file of the RSA public key service-account tokens must verify with.
  public init(apnsPublicKey: [UInt8] = [], fcmPublicKey: String = "") throws {
    folder = TemporaryDirectory(prefix: "atrium-push")
    port = try FreePort.loopback()
    try OpenSSL.loopbackCertificate(in: folder.path)
    let python = Self.repositoryRoot + "/.venv/bin/python3"
    guard FileManager.default.isExecutableFile(atPath: python) else {
      throw Failure(description: "\(python) is missing: run make test (it installs hypercorn)")
    }
    let server = Process()
    server.executableURL = URL(fileURLWithPath: python)
    let hex = apnsPublicKey.map { String(format: "%02x", $0) }.joined()
    server.arguments = ["-c", Self.script, String(port), folder.path, hex.isEmpty ? "00" : hex, fcmPublicKey]
    let output = Pipe()
    server.standardOutput = output
    server.standardError = FileHandle(forWritingAtPath: "/dev/null")
    try server.run()
    process = server
    guard String(decoding: output.fileHandleForReading.availableData, as: UTF8.self).hasPrefix("READY") else {
      stop()
      throw Failure(description: "the push service stand-in did not start on port \(port)")
    }
  }

  deinit {
    stop()
  }

  /// Stops the server (SIGKILL by its pid).
  public func stop() {
    guard let server = process else { return }
    process = nil
    kill(server.processIdentifier, SIGKILL)
    server.waitUntilExit()
  }

  /// A new browser subscription named `name`: the JSON a `webpush` device's token holds.
  public func subscribe(_ name: String) throws -> String {
    String(decoding: try call("GET", "/subscribe/" + name).body, as: UTF8.self)
  }

  /// The next answers to a subscription's (or an APNs device token's) pushes, in order: a
  /// status, headers, and for APNs a `reason`. After them, the default.
  public func answer(_ name: String, _ answers: [(status: Int, headers: [String: String], reason: String?)]) throws {
    let list: [[Any]] = answers.map { [$0.status, $0.headers, $0.reason.map { ["reason": $0] } ?? [:]] }
    _ = try call("PUT", "/answers/" + name, body: Array(try JSONSerialization.data(withJSONObject: list)))
  }

  /// Checks tokens' expiry against `now` instead of this machine's time: a test server's clock.
  public func setClock(_ now: Date) throws {
    _ = try call("PUT", "/clock", body: Array(String(now.timeIntervalSince1970).utf8))
  }

  /// Everything received, in order.
  public func received() throws -> [Received] {
    try JSONDecoder().decode([Received].self, from: Data(try call("GET", "/received").body))
  }

  /// Waits up to `seconds` until at least `count` pushes arrived; returns them all.
  public func waitForReceived(_ count: Int, seconds: Double = 10) throws -> [Received] {
    _ = waitUntil({ ((try? received().count) ?? 0) >= count }, deadline: seconds)
    return try received()
  }

  private func call(_ method: String, _ path: String, body: [UInt8] = []) throws -> HTTPClientResponse {
    let response = try HTTPClient.send(
      HTTPClientRequest(method: method, url: url + path, body: body, caFile: certificatePath))
    guard (200..<300).contains(response.status) else {
      throw Failure(description: "\(method) \(path) answered \(response.status)")
    }
    return response
  }

  private static var repositoryRoot: String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().path
  }

  private static let script = """
    import asyncio, base64, json, os, socket, ssl, sys, time
    from cryptography.hazmat.primitives.asymmetric import ec, padding
    from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
    from cryptography.hazmat.primitives import hashes, serialization
    import http_ece
    from hypercorn.config import Config
    from hypercorn.asyncio import serve

    port, folder, apns_key_hex, fcm_key_path = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4]
    tokens = []          # access tokens issued to FCM's service account
    origin = 'https://127.0.0.1:%d' % port
    subscriptions = {}   # name -> (private key, auth)
    answers = {}         # name or device token -> [[status, headers, body]]
    clock = [0.0]        # seconds to add to this machine's time: the server's clock under test
    received = []

    def b64(data):
        return base64.urlsafe_b64encode(data).rstrip(b'=').decode()

    def unb64(text):
        return base64.urlsafe_b64decode(text + '=' * (-len(text) % 4))

    def check_es256(jwt, public_point):
        head, claims, signature = jwt.split('.')
        key = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), public_point)
        raw = unb64(signature)
        if len(raw) != 64:
            raise ValueError('the signature is not 64 bytes of r||s')
        der = encode_dss_signature(int.from_bytes(raw[:32], 'big'), int.from_bytes(raw[32:], 'big'))
        key.verify(der, (head + '.' + claims).encode(), ec.ECDSA(hashes.SHA256()))
        return json.loads(unb64(head)), json.loads(unb64(claims))

    def next_answer(name, default):
        queue = answers.get(name) or []
        return queue.pop(0) if queue else default

    async def body_of(receive):
        chunks = []
        while True:
            message = await receive()
            chunks.append(message.get('body', b''))
            if not message.get('more_body'):
                return b''.join(chunks)

    async def respond(send, status, headers=None, body=b''):
        if isinstance(body, (dict, list)):
            body = json.dumps(body).encode()
        pairs = [(k.lower().encode(), str(v).encode()) for k, v in (headers or {}).items()]
        await send({'type': 'http.response.start', 'status': status, 'headers': pairs})
        await send({'type': 'http.response.body', 'body': body})

    def web_push(name, headers, body):
        record = {'service': 'webpush', 'name': name, 'headers': headers, 'httpVersion': None}
        try:
            auth = headers.get('authorization', '')
            assert auth.startswith('vapid '), 'no vapid authorization'
            parts = dict(p.strip().split('=', 1) for p in auth[6:].split(','))
            _, claims = check_es256(parts['t'], unb64(parts['k']))
            assert claims['aud'] == origin, 'aud %r is not %r' % (claims['aud'], origin)
            now = time.time() + clock[0]
            assert now < claims['exp'] <= now + 86400, 'exp out of range'
            assert claims.get('sub', '').startswith(('mailto:', 'https:')), 'sub missing'
            record['vapid'] = claims
            record['vapidKey'] = parts['k']
        except Exception as error:
            record['error'] = 'vapid: %s' % error
            received.append(record)
            return 401, {}, b''
        private, secret = subscriptions[name]
        try:
            plain = http_ece.decrypt(body, private_key=private, auth_secret=secret, version='aes128gcm')
            record['payload'] = json.loads(plain)
        except Exception as error:
            record['error'] = 'decrypt: %s' % error
            received.append(record)
            return 400, {}, b''
        record['size'] = len(body)
        received.append(record)
        status, extra, reply = next_answer(name, [201, {}, b''])
        record['answered'] = status
        return status, extra, reply

    def apns(token, headers, body, version):
        record = {'service': 'apns', 'name': token, 'headers': headers, 'httpVersion': version, 'size': len(body)}
        try:
            auth = headers.get('authorization', '')
            assert auth.startswith('bearer '), 'no bearer token'
            head, claims = check_es256(auth[7:], bytes.fromhex(apns_key_hex))
            record['jwtHeader'] = head
            record['vapid'] = claims
            record['payload'] = json.loads(body)
        except Exception as error:
            record['error'] = str(error)
            received.append(record)
            return 403, {}, {'reason': 'InvalidProviderToken'}
        received.append(record)
        status, extra, reply = next_answer(token, [200, {}, b''])
        record['answered'] = status
        return status, extra, reply

    def fcm_token(form):
        record = {'service': 'fcm-token', 'name': 'token', 'headers': {}, 'httpVersion': None}
        try:
            fields = dict(pair.split('=', 1) for pair in form.decode().split('&'))
            assert fields.get('grant_type') == 'urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Ajwt-bearer', 'grant_type'
            head, claims, signature = fields['assertion'].split('.')
            with open(fcm_key_path, 'rb') as file:
                key = serialization.load_pem_public_key(file.read())
            key.verify(unb64(signature), (head + '.' + claims).encode(), padding.PKCS1v15(), hashes.SHA256())
            record['jwtHeader'] = json.loads(unb64(head))
            record['vapid'] = claims = json.loads(unb64(claims))
            assert claims['aud'] == origin + '/token', 'aud'
            assert claims['scope'] == 'https://www.googleapis.com/auth/firebase.messaging', 'scope'
            assert 0 < claims['exp'] - claims['iat'] <= 3600, 'lifetime'
        except Exception as error:
            record['error'] = 'token: %s' % error
            received.append(record)
            return 400, {}, {'error': 'invalid_grant'}
        received.append(record)
        token = 'access-%d' % (len(tokens) + 1)
        tokens.append(token)
        record['answered'] = 200
        return 200, {}, {'access_token': token, 'expires_in': 3600, 'token_type': 'Bearer'}

    def fcm(headers, body):
        message = json.loads(body).get('message', {})
        record = {'service': 'fcm', 'name': message.get('token', ''), 'headers': headers, 'httpVersion': None,
                  'payload': message}
        received.append(record)
        auth = headers.get('authorization', '')
        if not auth.startswith('Bearer ') or auth[7:] not in tokens:
            record['error'] = 'unknown access token'
            record['answered'] = 401
            return 401, {}, {'error': {'code': 401, 'status': 'UNAUTHENTICATED'}}
        status, extra, reply = next_answer(record['name'], [200, {}, {'name': 'projects/p/messages/1'}])
        if status == 401:
            tokens.remove(auth[7:])
        if isinstance(reply, dict) and 'reason' in reply:
            reply = {'error': {'code': status, 'status': 'ERROR', 'details': [
                {'@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', 'errorCode': reply['reason']}]}}
        record['answered'] = status
        return status, extra, reply

    async def app(scope, receive, send):
        if scope['type'] == 'lifespan':
            while True:
                message = await receive()
                if message['type'] == 'lifespan.startup':
                    await send({'type': 'lifespan.startup.complete'})
                elif message['type'] == 'lifespan.shutdown':
                    await send({'type': 'lifespan.shutdown.complete'})
                    return
        path, method = scope['path'], scope['method']
        headers = {k.decode().lower(): v.decode() for k, v in scope['headers']}
        body = await body_of(receive)
        if method == 'GET' and path.startswith('/subscribe/'):
            name = path[len('/subscribe/'):]
            private = ec.generate_private_key(ec.SECP256R1())
            secret = os.urandom(16)
            subscriptions[name] = (private, secret)
            point = private.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
            return await respond(send, 200, {}, {'endpoint': origin + '/push/' + name, 'keys': {'p256dh': b64(point), 'auth': b64(secret)}})
        if method == 'PUT' and path.startswith('/answers/'):
            answers[path[len('/answers/'):]] = json.loads(body)
            return await respond(send, 204)
        if method == 'PUT' and path == '/clock':
            clock[0] = float(body) - time.time()
            return await respond(send, 204)
        if method == 'GET' and path == '/received':
            return await respond(send, 200, {}, received)
        if method == 'POST' and path.startswith('/push/'):
            status, extra, reply = web_push(path[len('/push/'):], headers, body)
            return await respond(send, status, extra, reply)
        if method == 'POST' and path == '/token':
            status, extra, reply = fcm_token(body)
            return await respond(send, status, extra, reply)
        if method == 'POST' and path.startswith('/v1/projects/') and path.endswith('/messages:send'):
            status, extra, reply = fcm(headers, body)
            return await respond(send, status, extra, reply)
        if method == 'POST' and path.startswith('/3/device/'):
            status, extra, reply = apns(path[len('/3/device/'):], headers, body, scope.get('http_version'))
            return await respond(send, status, extra, reply)
        await respond(send, 404)

    async def main():
        config = Config()
        config.bind = ['127.0.0.1:%d' % port]
        config.certfile = os.path.join(folder, 'cert.pem')
        config.keyfile = os.path.join(folder, 'key.pem')
        config.alpn_protocols = ['h2', 'http/1.1']
        config.accesslog = None
        config.errorlog = None
        task = asyncio.ensure_future(serve(app, config))
        for _ in range(200):
            try:
                socket.create_connection(('127.0.0.1', port), timeout=0.2).close()
                break
            except OSError:
                await asyncio.sleep(0.05)
        print('READY', flush=True)
        await task

    asyncio.run(main())
    """
}

/// Any JSON value, for what a stand-in received.
public enum JSONValue: Codable, Sendable, Equatable {
  case string(String)
  case number(Double)
  case bool(Bool)
  case object([String: JSONValue])
  case array([JSONValue])
  case null

  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Double.self) {
      self = .number(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode([JSONValue].self) {
      self = .array(value)
    } else {
      self = .object(try container.decode([String: JSONValue].self))
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .string(let value): try container.encode(value)
    case .number(let value): try container.encode(value)
    case .bool(let value): try container.encode(value)
    case .object(let value): try container.encode(value)
    case .array(let value): try container.encode(value)
    case .null: try container.encodeNil()
    }
  }

  public var string: String? { if case .string(let value) = self { value } else { nil } }
  public var number: Double? { if case .number(let value) = self { value } else { nil } }
  public subscript(key: String) -> JSONValue? { if case .object(let object) = self { object[key] } else { nil } }
}
