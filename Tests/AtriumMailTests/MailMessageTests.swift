import AtriumMail
import Foundation
import Testing

/// What a mail looks like on the wire, checked without a server (the SMTP tests parse it with
/// Python's `email` package).
@Suite struct MailMessageTests {
  let message = MailMessage(
    from: MailAddress("atrium@example.com", name: "Atrium"), to: MailAddress("eva@example.com", name: "Eva Fernández"),
    subject: "Mario López aprobó tu solicitud — Vacaciones, 6–10 abr 2026",
    text: "Hola, Eva:\n\nMotivo: Semana tranquila.",
    html: "<p>Hola, Eva:</p>", messageID: "abc123@example.com", date: 1_796_187_600_000)

  @Test func everyLineIsShortAndEndsWithCRLFAndTheSubjectIsEncoded() {
    let rendered = message.rendered()
    let lines = rendered.components(separatedBy: "\r\n")
    #expect(!rendered.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
    #expect(lines.filter { $0.utf8.count > 78 } == [])
    #expect(rendered.utf8.allSatisfy { $0 < 128 }, "8-bit text must be encoded")
    #expect(rendered.contains("Subject: =?UTF-8?B?"))
    #expect(rendered.contains("Message-ID: <abc123@example.com>"))
    #expect(rendered.contains("Date: Wed, 02 Dec 2026 05:00:00 +0000"))
    #expect(rendered.contains("Content-Type: multipart/alternative; boundary="))
  }

  @Test func aLineBreakInASubjectOrHeaderCannotAddAHeader() {
    var hostile = message
    hostile.subject = "Hello\r\nBcc: everyone@example.com"
    hostile.headers = [("X-Test", "one\r\nBcc: everyone@example.com")]
    let headerBlock = hostile.rendered().components(separatedBy: "\r\n\r\n")[0]
    #expect(!headerBlock.components(separatedBy: "\r\n").contains { $0.hasPrefix("Bcc:") })
    #expect(headerBlock.contains("Subject: Hello Bcc: everyone@example.com"))
  }

  @Test func aLineThatStartsWithADotCannotEndTheMessage() {
    var dotted = message
    dotted.text = "first\n.\nsecond"
    dotted.html = nil
    #expect(!dotted.rendered().components(separatedBy: "\r\n").contains("."))
  }

  @Test(arguments: [
    ("eva@example.com", true), ("eva.fernandez+atrium@mail.example.es", true), ("eva", false), ("eva@localhost", false),
    ("eva@example.com>\r\nRCPT TO:<x@example.com", false), ("eva @example.com", false), ("@example.com", false),
  ])
  func onlyPlainAddressesCanBeDeliveredTo(address: String, deliverable: Bool) {
    #expect(MailAddress(address).isDeliverable == deliverable)
  }
}

/// The demo's admin page reads back what Atrium wrote.
@Suite struct MailReadingTests {
  @Test func aMailReadsBackAsItWasWritten() {
    let text =
      "Hola, Eva:\n\nMario López aprobó tu solicitud — una línea larga que pasa de setenta y seis caracteres sin duda alguna.\n.\nFin"
    let message = MailMessage(
      from: MailAddress("atrium@example.com"), to: MailAddress("eva@example.com", name: "Eva Fernández"),
      subject: "Mario López aprobó tu solicitud — Vacaciones, 6–10 de abril de 2026, con un asunto largo", text: text,
      html: "<p>x</p>", messageID: "m@example.com", date: 0)
    let reading = MailReading(message.rendered())
    #expect(reading.to == "\"Eva Fernández\" <eva@example.com>" || reading.to == "Eva Fernández <eva@example.com>")
    #expect(reading.subject == message.subject)
    #expect(reading.text == text)
  }
}
