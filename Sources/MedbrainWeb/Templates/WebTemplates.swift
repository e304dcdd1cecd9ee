import Mustache

/// The view's Mustache templates, compiled into the program so a copied `medbrain` binary
/// still serves its pages. Every `{{name}}` is HTML-escaped; the only unescaped values
/// (`{{{…}}}`) are SVG the view built itself with its own escaping.
enum WebTemplates {
    /// The templates by name, parsed; a parse error is a programming error the tests catch.
    static func library() throws -> MustacheLibrary {
        var library = MustacheLibrary()
        for (name, text) in [
            ("layout", layout), ("patients", patients), ("patient", patient), ("resource", resource),
            ("problem", problem),
        ] {
            try library.register(text, named: name)
        }
        return library
    }

    static let layout = """
        <!doctype html>
        <html lang="{{frame.language}}">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>{{$title}}Medbrain{{/title}} · Medbrain</title>
        <link rel="stylesheet" href="/view.css">
        <script src="/view.js" defer></script>
        </head>
        <body data-changes="{{frame.changeCount}}">
        <a class="skip" href="#main">Skip to content</a>
        <header>
        <nav aria-label="Site"><a href="/" class="home">Medbrain</a>
        <span class="server">FHIR {{frame.versionName}} server at <code>{{frame.baseURL}}</code></span></nav>
        <p class="live" role="status" aria-live="polite" data-live>Read-only view; it updates when resources change.</p>
        </header>
        <main id="main">
        {{$main}}{{/main}}
        </main>
        </body>
        </html>
        """

    static let patients = """
        {{<layout}}
        {{$title}}Patients{{/title}}
        {{$main}}
        <h1>Patients</h1>
        {{#hasPatients}}
        <div class="scroll"><table>
        <caption>{{patientCount}} patients on this server</caption>
        <thead><tr><th scope="col">Name</th><th scope="col">Birth date</th><th scope="col">Orders</th><th scope="col">Resource</th></tr></thead>
        <tbody>
        {{#patients}}
        <tr><th scope="row"><a href="{{link}}">{{name}}</a></th><td>{{birthDate}}</td><td>{{orders}}</td>
        <td><a href="{{rawLink}}">Patient/{{id}}</a></td></tr>
        {{/patients}}
        </tbody>
        </table></div>
        {{/hasPatients}}
        {{^hasPatients}}<p>No patients yet. Create one through the FHIR API, for example with <code>register</code> in the REPL.</p>{{/hasPatients}}
        {{/main}}
        {{/layout}}
        """

    static let resource = """
        {{<layout}}
        {{$title}}{{reference}}{{/title}}
        {{$main}}
        <h1>{{reference}}</h1>
        <p>Version {{versionId}}, last updated {{lastUpdated}}.</p>
        <h2>The FHIR request that reads it</h2>
        <pre class="request"><code>GET {{requestURL}}
        Accept: application/fhir+json</code></pre>
        <p><a href="{{requestURL}}">Open the JSON as the server sends it</a> · <code>curl -H 'Accept: application/fhir+json' '{{requestURL}}'</code></p>
        <h2>JSON</h2>
        <pre class="json"><code>{{json}}</code></pre>
        {{/main}}
        {{/layout}}
        """

    static let problem = """
        {{<layout}}
        {{$title}}{{heading}}{{/title}}
        {{$main}}
        <h1>{{heading}}</h1>
        <p>{{message}}</p>
        <p><a href="/">All patients</a></p>
        {{/main}}
        {{/layout}}
        """
}
