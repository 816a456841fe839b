import AtriumAPI
import AtriumHTML
import AtriumMail
import AtriumMessages
import AtriumServices

/// Mail and notifications, for admins: whether mail is on and through what, the latest
/// notifications with their attempts and why one failed, and in the demo the mails it wrote.
extension AdminPages {
  package static func mail(
    _ context: WebContext, status: OutboxStatus, latest: [OutboxItem], demoMails: [MailReading]?
  ) -> Node {
    let state =
      status.mail.on
      ? context(OutboxText.mailOn(transport: status.mail.transport ?? "", from: status.mail.from ?? ""))
      : context(OutboxText.mailOff)
    return Layout.page(
      context(.mailAndNotifications), context,
      [
        .p([.class("card"), .id("mail-state")], [.text(state)]),
        .p(
          [.class("muted")],
          [.text(context(OutboxText.counts(pending: status.pending, sent: status.sent, dead: status.dead)))]),
        .h2([], [.text(context(OutboxText.latest))]),
        latest.isEmpty
          ? .p([.class("muted")], [.text(context(OutboxText.nothingSent))])
          : .ul([.class("list"), .id("outbox")], latest.map { row(context, $0) }),
        demoMails.map { mails in
          .section(
            [.id("demo-mails")],
            [
              .h2([], [.text(context(OutboxText.demoMails))]),
              mails.isEmpty
                ? .p([.class("muted")], [.text(context(OutboxText.noDemoMails))])
                : .ul(
                  [.class("list")],
                  mails.map { mail in
                    .li(
                      [],
                      [
                        .tag(
                          "details", [],
                          [
                            .tag("summary", [], [.strong([.text(mail.subject)]), .text(" — " + mail.to)]),
                            .tag("pre", [.class("mail-text")], [.text(mail.text)]),
                          ])
                      ])
                  }),
            ])
        } ?? .empty,
      ])
  }

  private static func row(_ context: WebContext, _ item: OutboxItem) -> Node {
    var facts = [context(OutboxText.status(item.status)), context(OutboxText.attempts(item.attempts))]
    if let next = item.nextAttemptAt { facts.append(context(OutboxText.nextTry(at: readable(next)))) }
    return .li(
      [.data("status", item.status)],
      [
        .p([], [.strong([.text(item.address)]), .text(" · " + item.kind)]),
        .p([.class("muted")], [.text(facts.joined(separator: " · ") + " · " + readable(item.createdAt))]),
        item.lastError.map { .p([.class("error")], [.text($0)]) } ?? .empty,
      ])
  }

  private static func readable(_ instant: String) -> String {
    instant.prefix(16).replacingOccurrences(of: "T", with: " ") + " UTC"
  }
}
