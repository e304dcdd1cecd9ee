extension WebTemplates {
    /// A patient's page: orders with their instructions, the chosen order's doses as the
    /// tutorial's chart and list, and observations such as step counts.
    static let patient = """
        {{<layout}}
        {{$title}}{{name}}{{/title}}
        {{$main}}
        <h1>{{name}}</h1>
        <p class="facts">Born {{birthDate}}{{#gender}} · {{gender}}{{/gender}} · <a href="{{rawLink}}">Patient/{{id}}</a></p>
        <nav class="switch" aria-label="Language of the instructions"><span>Instructions in</span>
        {{#languages}}<a href="{{link}}"{{#selected}} aria-current="true"{{/selected}}>{{name}}</a>{{/languages}}
        </nav>
        <section aria-labelledby="orders">
        <h2 id="orders">Orders</h2>
        {{#hasOrders}}
        <div class="scroll"><table>
        <thead><tr><th scope="col">#</th><th scope="col">Medication</th><th scope="col">Instructions</th><th scope="col">Status</th><th scope="col">Doses</th><th scope="col">Resource</th></tr></thead>
        <tbody>
        {{#orders}}
        <tr{{#selected}} class="selected"{{/selected}}><td>{{number}}</td><th scope="row">{{#medicationLink}}<a href="{{medicationLink}}">{{medication}}</a>{{/medicationLink}}{{^medicationLink}}{{medication}}{{/medicationLink}}</th><td lang="{{instructionsLanguage}}">{{instructions}}</td><td>{{status}}</td>
        <td><a href="{{chartLink}}"{{#selected}} aria-current="true"{{/selected}}>{{doses}}</a></td>
        <td><a href="{{rawLink}}">{{reference}}</a></td></tr>
        {{/orders}}
        </tbody>
        </table></div>
        {{/hasOrders}}
        {{^hasOrders}}<p>No orders for this patient.</p>{{/hasOrders}}
        </section>
        {{#doses}}
        <section aria-labelledby="doses">
        <h2 id="doses">Doses of {{medication}}</h2>
        <nav class="switch" aria-label="Group by"><span>Group by</span>
        {{#modes}}<a href="{{link}}"{{#selected}} aria-current="true"{{/selected}}>{{name}}</a>{{/modes}}
        </nav>
        <figure>
        {{{chart}}}
        <figcaption><span class="key taken">taken</span> <span class="key not-taken">not taken</span>
        {{#outside}}<br>{{outside}}{{/outside}}{{#newestLink}} <a href="{{newestLink}}">Show the groups up to the newest dose</a>{{/newestLink}}</figcaption>
        </figure>
        <details><summary>The counts as a table</summary>
        <div class="scroll"><table><thead><tr><th scope="col">Group</th><th scope="col">Taken</th><th scope="col">Not taken</th></tr></thead>
        <tbody>{{#groups}}<tr><th scope="row">{{identifier}}</th><td>{{countTaken}}</td><td>{{countNotTaken}}</td></tr>{{/groups}}</tbody></table></div>
        </details>
        <h3>All doses, newest first</h3>
        <p class="request">FHIR request: <a href="{{searchURL}}"><code>GET {{searchURL}}</code></a></p>
        {{#hasList}}
        <ol class="doses">
        {{#list}}<li class="{{state}}"><span class="date">{{date}}</span> <span class="state">{{stateWords}}</span> <a href="{{rawLink}}">{{reference}}</a></li>
        {{/list}}
        </ol>
        {{#more}}<p>{{more}}</p>{{/more}}
        {{/hasList}}
        {{^hasList}}<p>No doses recorded for this order.</p>{{/hasList}}
        </section>
        {{/doses}}
        <section aria-labelledby="observations">
        <h2 id="observations">Observations</h2>
        {{#observations}}
        <h3>{{name}}</h3>
        <figure>{{{chart}}}</figure>
        <div class="scroll"><table><thead><tr><th scope="col">When</th><th scope="col">Value</th><th scope="col">Resource</th></tr></thead>
        <tbody>{{#rows}}<tr><td>{{when}}</td><td>{{value}}</td><td><a href="{{rawLink}}">{{reference}}</a></td></tr>{{/rows}}</tbody></table></div>
        {{/observations}}
        {{^observations}}<p>No observations for this patient. <code>observe steps 8000</code> in the REPL records a step count.</p>{{/observations}}
        </section>
        {{/main}}
        {{/layout}}
        """
}
