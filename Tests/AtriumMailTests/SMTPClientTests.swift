import AtriumMail
import AtriumTestSupport
import Foundation
import Testing

/// Mail sent through libcurl to a real SMTP server (aiosmtpd on loopback), read back by
/// Python's `email` package.
@Suite(.serialized) struct SMTPClientTests {
  func mail(to recipient: String = "eva@example.com") -> OutgoingMail {
    let message = MailMessage(
      from: MailAddress("atrium@example.com", name: "Atrium"), to: MailAddress(recipient, name: "Eva Fernández"),
      subject: "Mario López aprobó tu solicitud — Vacaciones", text: "Hola, Eva:\n\n.\nMotivo: «Semana tranquila».",
      html: "<p>Hola, <b>Eva</b>:</p>", messageID: "m-\(UUID().uuidString)@example.com", date: 1_796_187_600_000,
      headers: [("List-Unsubscribe", "<https://atrium.example.com/unsubscribe/x>")])
    return OutgoingMail(
      sender: "atrium@example.com", recipient: recipient, message: message.rendered(), messageID: message.messageID)
  }

  @Test func aMailArrivesWhole() throws {
    let sink = try SMTPSink()
    let client = SMTPClient(settings: SMTPSettings(url: sink.url, security: .none))
    let sent = mail()
    #expect(client.send(sent) == .delivered)
    let received = try sink.waitForMails(1)
    try #require(received.count == 1)
    let one = received[0]
    #expect(one.mailFrom == "atrium@example.com")
    #expect(one.recipients == ["eva@example.com"])
    #expect(one.subject == "Mario López aprobó tu solicitud — Vacaciones")
    #expect(one.to == "Eva Fernández <eva@example.com>")
    #expect(one.contentType == "multipart/alternative")
    #expect(one.text == "Hola, Eva:\n\n.\nMotivo: «Semana tranquila».")
    #expect(one.html == "<p>Hola, <b>Eva</b>:</p>")
    #expect(one.messageId == "<\(sent.messageID)>")
    #expect(one.headers["List-Unsubscribe"] == "<https://atrium.example.com/unsubscribe/x>")
    #expect(!one.tls)
    #expect(one.greeting == "example.com", "the client greets with its sender's domain")
  }

  @Test func startTLSIsUsedAndTheServerIsCheckedAgainstTheGivenAuthority() throws {
    let sink = try SMTPSink(requiresTLS: true, requiresSignIn: true)
    let client = SMTPClient(
      settings: SMTPSettings(
        url: sink.url, username: SMTPSink.username, password: SMTPSink.password, caFile: sink.certificatePath))
    #expect(client.send(mail()) == .delivered)
    let received = try sink.waitForMails(1)
    #expect(received.first?.tls == true)

    // Without the authority the server's certificate is refused: nothing is sent, and it is
    // worth trying again (an administrator can mend it).
    let untrusting = SMTPClient(
      settings: SMTPSettings(url: sink.url, username: SMTPSink.username, password: SMTPSink.password))
    guard case .temporaryFailure = untrusting.send(mail()) else {
      Issue.record("an untrusted certificate must not be accepted")
      return
    }
    // A wrong password is the server's setting, not the mail's: tried again later. (aiosmtpd
    // leaves a refused sign-in unanswered, so this one ends with its timeout.)
    let wrong = SMTPClient(
      settings: SMTPSettings(
        url: sink.url, username: SMTPSink.username, password: "wrong", caFile: sink.certificatePath,
        timeoutSeconds: 2))
    guard case .temporaryFailure = wrong.send(mail()) else {
      Issue.record("a refused sign-in must be tried again later")
      return
    }
    #expect(try sink.mails().count == 1)
  }

  @Test func aServerWithoutStartTLSGetsNothingUnlessAllowed() throws {
    let sink = try SMTPSink()
    let required = SMTPClient(settings: SMTPSettings(url: sink.url))
    guard case .temporaryFailure = required.send(mail()) else {
      Issue.record("STARTTLS is required by default")
      return
    }
    #expect(try sink.mails().isEmpty)
    let optional = SMTPClient(settings: SMTPSettings(url: sink.url, security: .startTLSWhenOffered))
    #expect(optional.send(mail()) == .delivered)
    #expect(try sink.waitForMails(1).count == 1)
  }

  @Test func repliesAreJudgedByTheirCode() throws {
    let sink = try SMTPSink()
    let client = SMTPClient(settings: SMTPSettings(url: sink.url, security: .none))
    guard case .permanentFailure(let unknown) = client.send(mail(to: "unknown.person@example.com")) else {
      Issue.record("a 550 is final")
      return
    }
    #expect(unknown.contains("550"))
    guard case .temporaryFailure(let busy) = client.send(mail(to: "busy.person@example.com")) else {
      Issue.record("a 451 is tried again")
      return
    }
    #expect(busy.contains("451"))
    sink.stop()
    guard case .temporaryFailure = client.send(mail()) else {
      Issue.record("a server that is down is tried again")
      return
    }
  }
}
