import FHIRModel
import SMART

/// The page that asks the user: which app, which scopes, which patient; approve or deny.
struct AuthorizePage {
    let id: String
    let pending: AuthorizationServer.Pending
    /// The patients the approver may pick; none shown before they sign in.
    let patients: [(id: String, name: String)]
    /// Who signed in; nil: the page asks them to first.
    let approver: Approver?
    /// The signed-in session's value its form carries back; nil before sign-in, whose form
    /// carries credentials instead.
    let csrf: String?
    /// The fields that sign in (`secret`, or `username` and `password`).
    let signInFields: [String]

    var html: String {
        guard let approver else { return signInHTML }
        return approvalHTML(approver)
    }

    /// The form that signs in before anything else is shown: no patient is listed to whoever
    /// merely reaches the server.
    private var signInHTML: String {
        let inputs = signInFields.map { field in
            let type = field == "username" ? "text" : "password"
            let label = field == "secret" ? "The secret the server printed when it started" : field.capitalized
            return "<p><label>\(label) <input type=\"\(type)\" name=\"\(field)\" required></label></p>"
        }
        return Self.document(
            title: "Sign in · \(pending.client.id)",
            body: """
                <h1>Sign in to approve <code>\(pending.client.id.markupEscaped)</code></h1>
                <form method="post" action="\(AuthorizationServer.path)/authorize">
                <input type="hidden" name="request" value="\(id.markupEscaped)">
                \(inputs.joined())
                <button type="submit">Sign in</button>
                </form>
                """)
    }

    private func approvalHTML(_ approver: Approver) -> String {
        let scopes = pending.scopes.scopes.map { "<li><code>\($0.description.markupEscaped)</code></li>" }.joined()
        var choice = ""
        if let patient = pending.launchPatient {
            let name = patients.first { $0.id == patient }?.name ?? patient
            choice =
                "<h2>Patient</h2><p>\(name.markupEscaped) <code>Patient/\(patient.markupEscaped)</code>, from the EHR</p>"
        } else if pending.needsPatient {
            let options = patients.enumerated().map { index, patient in
                "<li><label><input type=\"radio\" name=\"patient\" value=\"\(patient.id.markupEscaped)\""
                    + (index == 0 ? " checked" : "") + "> \(patient.name.markupEscaped) "
                    + "<code>Patient/\(patient.id.markupEscaped)</code></label></li>"
            }
            choice = "<h2>Patient</h2><ul>\(options.joined())</ul>"
        }
        return Self.document(
            title: "Authorize \(pending.client.id)",
            body: """
                <h1><code>\(pending.client.id.markupEscaped)</code> asks for access</h1>
                <p>Signed in as \(approver.name.markupEscaped).</p>
                <form method="post" action="\(AuthorizationServer.path)/authorize">
                <input type="hidden" name="request" value="\(id.markupEscaped)">
                <input type="hidden" name="csrf" value="\((csrf ?? "").markupEscaped)">
                <h2>Scopes</h2><ul>\(scopes)</ul>\(choice)
                <button type="submit" name="decision" value="approve">Approve</button>
                <button type="submit" name="decision" value="deny">Deny</button>
                </form>
                """)
    }

    /// The same page for a client that asks for JSON (a terminal, where the user reads and
    /// answers it by hand): what is asked, and the form that answers it.
    func json(origin: String) -> JSONValue {
        var fields: [(String, JSONValue)] = [
            ("request", .string(id)), ("client_id", .string(pending.client.id)),
            ("scope", .array(pending.scopes.scopes.map { .string($0.description) })),
        ]
        var form: [(String, JSONValue)] = [("request", .string(id)), ("decision", "approve or deny")]
        if let patient = pending.launchPatient {
            fields.append(("patient", .string(patient)))
        } else if pending.needsPatient {
            if approver != nil {
                fields.append(
                    ("patients", .array(patients.map { ["id": .string($0.id), "name": .string($0.name)] })))
            }
            form.append(("patient", approver == nil ? "the id of the patient" : "the id of one of patients"))
        }
        // A terminal keeps no cookie: each answer it posts signs in again.
        for field in signInFields {
            let meaning = field == "secret" ? "the secret the server printed when it started" : "your \(field)"
            form.append((field, .string(meaning)))
        }
        fields.append(
            (
                "answer",
                [
                    "method": "POST", "url": .string(origin + AuthorizationServer.path + "/authorize"),
                    "content_type": "application/x-www-form-urlencoded", "form": .object(JSONObject(form)),
                ]
            ))
        return .object(JSONObject(fields))
    }

    static func refusal(_ message: String) -> String {
        document(title: "Authorization refused", body: "<h1>Authorization refused</h1><p>\(message.markupEscaped)</p>")
    }

    static func document(title: String, body: String) -> String {
        """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><title>\(title.markupEscaped) · Medbrain</title></head>
        <body>\(body)</body></html>
        """
    }
}
