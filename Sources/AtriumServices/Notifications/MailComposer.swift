import AtriumCrypto
import AtriumDomain
import AtriumHTML
import AtriumMail
import AtriumMessages
import AtriumSQL
import AtriumStore

/// Writes a mail for a person into the outbox, in the transaction of the change it tells of:
/// worded in their language, a text and an HTML part with the same content, a link into
/// Atrium, and why they get it.
struct MailComposer {
  let environment: ServerEnvironment
  let mail: MailSettings

  /// What a mail says: a title (the subject), lines below it, and the page it leads to.
  struct Content {
    var subject: String
    var lines: [String]
    /// A path of the web app (`/time-off`) the button opens.
    var path: String
    /// The button's words; "Open in Atrium" when nil.
    var action: String?
    /// Why the reader gets it, for a mail that is not a notification they chose (an account
    /// mail); nil for a notification, which says how to turn it off.
    var reason: String?
    /// What the footer's link (and the `List-Unsubscribe` header) stops by mail for its
    /// reader: a kind's id, or `digest` (`UnsubscribeLinks`); nil for an account mail.
    var unsubscribe: String?
    /// Lists below the lines, each under its heading (a digest's parts).
    var lists: [(heading: String, items: [String])] = []
  }

  /// Queues `content` for `recipient` unless the outbox already holds `idempotencyKey`.
  /// - Returns: Whether a row was written.
  @discardableResult
  func enqueue(
    _ content: Content, kind: String, to recipient: Employee, language: Language, idempotencyKey: String,
    holdsSecret: Bool = false, origin: String? = nil, connection: any DatabaseConnection
  ) throws -> Bool {
    // An inactive (or erased) person reads no mail from Atrium.
    guard recipient.isActive else { return false }
    return try enqueue(
      content, kind: kind, to: MailAddress(recipient.email, name: recipient.displayName), greeting: recipient.firstName,
      recipientID: recipient.id, language: language, idempotencyKey: idempotencyKey, holdsSecret: holdsSecret,
      origin: origin, connection: connection)
  }

  /// Queues `content` for an address (a person, or an address without an account yet).
  @discardableResult
  func enqueue(
    _ content: Content, kind: String, to address: MailAddress, greeting name: String, recipientID: String?,
    language: Language, idempotencyKey: String, holdsSecret: Bool, origin: String?,
    connection: any DatabaseConnection
  ) throws -> Bool {
    guard address.isDeliverable else { return false }
    let now = environment.now().milliseconds
    let stop = unsubscribe(content, recipientID: recipientID, language: language)
    // RFC 2369 and RFC 8058: mail clients offer their own "unsubscribe", which POSTs here.
    let headers =
      stop.map { [("List-Unsubscribe", "<\($0.link)>"), ("List-Unsubscribe-Post", "List-Unsubscribe=One-Click")] }
      ?? []
    let message = MailMessage(
      from: mail.from, to: address, subject: content.subject,
      text: text(content, name: name, language: language, stop: stop),
      html: html(content, name: name, language: language, stop: stop),
      messageID: Self.messageID(forKey: idempotencyKey, domain: mail.domain), date: now, headers: headers)
    return try OutboxStore(connection).enqueue(
      .init(
        id: environment.makeID(), channel: .mail, kind: kind, recipientID: recipientID, address: address.address,
        idempotencyKey: idempotencyKey, payload: message.rendered(), holdsSecret: holdsSecret, createdAt: now,
        origin: origin))
  }

  /// The same for every copy of one row's mail, so a mail sent twice (after a crash between
  /// sending and recording it) is one message to mail clients.
  static func messageID(forKey key: String, domain: String) -> String {
    Crypto.hex(Array(Crypto.sha256(Array(("atrium-mail:" + key).utf8)).prefix(16))) + "@" + domain
  }

  private func link(_ path: String) -> String { mail.publicURL + path }

  /// A notification's link that stops its kind by mail, and its words.
  private func unsubscribe(
    _ content: Content, recipientID: String?, language: Language
  ) -> (link: String, words: String)? {
    let links = UnsubscribeLinks(environment: environment)
    guard let target = content.unsubscribe, let recipientID, let name = links.name(of: target, in: language) else {
      return nil
    }
    return (
      link(links.path(employeeID: recipientID, kind: target)), MailText.stopMails(kind: name).text(in: language)
    )
  }

  private func text(
    _ content: Content, name: String, language: Language, stop: (link: String, words: String)?
  ) -> String {
    var paragraphs = [MailText.greeting(name: name).text(in: language), content.subject]
    paragraphs += content.lines.filter { !$0.isEmpty }
    paragraphs += content.lists.map { list in
      ([list.heading + ":"] + list.items.map { "- " + $0 }).joined(separator: "\n")
    }
    paragraphs.append("\(content.action ?? MailText.openInAtrium.text(in: language)): \(link(content.path))")
    let footer =
      [content.reason ?? MailText.whyThisMail.text(in: language)]
      + (stop.map {
        ["\($0.words): \($0.link)", "\(MailText.changeInSettings.text(in: language)): \(link("/settings"))"]
      } ?? [])
    paragraphs.append("-- \n" + footer.joined(separator: "\n"))
    return paragraphs.joined(separator: "\n\n") + "\n"
  }

  /// The HTML part, escaped by the web app's renderer; no remote images, no scripts.
  private func html(
    _ content: Content, name: String, language: Language, stop: (link: String, words: String)?
  ) -> String {
    let footer: [Node] =
      [.text(content.reason ?? MailText.whyThisMail.text(in: language))]
      + (stop.map {
        [
          .text(" "), .a([.init("href", $0.link)], [.text($0.words)]), .text(" · "),
          .a([.init("href", link("/settings"))], [.text(MailText.changeInSettings.text(in: language))]),
        ]
      } ?? [])
    let lists: [Node] = content.lists.flatMap { list -> [Node] in
      [.p([], [.strong([.text(list.heading)])]), .ul([], list.items.map { .li([], [.text($0)]) })]
    }
    let paragraphs: [Node] =
      [.p([], [.text(MailText.greeting(name: name).text(in: language))]), .p([], [.strong([.text(content.subject)])])]
      + content.lines.filter { !$0.isEmpty }.map { .p([], [.text($0)]) } + lists
      + [
        .p(
          [],
          [.a([.init("href", link(content.path))], [.text(content.action ?? MailText.openInAtrium.text(in: language))])]
        ),
        .void("hr", []),
        .p([.init("style", "color:#555;font-size:90%")], footer),
      ]
    let document = Node.html(
      [.init("lang", language.rawValue)],
      [
        .head([.meta([.init("charset", "utf-8")]), .title(content.subject)]),
        .body([.init("style", "font-family:sans-serif;line-height:1.4")], paragraphs),
      ])
    return document.renderDocument()
  }
}
