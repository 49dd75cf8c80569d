/**
 * A small labelled retrieval set for measuring recall@5 of data-source search: twelve
 * documents a small business might upload, on distinct topics but sharing vocabulary
 * (refunds, hours, prices, deposits, cleaning) so that matching words alone does not
 * find the answer, and questions a visitor might ask, several paraphrased away from the
 * documents' wording. Written for this project; plain English, no real businesses.
 */
export const RETRIEVAL_DOCUMENTS: { id: string; name: string; text: string }[] = [
  {
    id: "return-policy",
    name: "Return and refund policy.docx",
    text: `Return and Refund Policy

We want you to love what you ordered. If something is not right, you can return most items within 30 days of delivery for a full refund to your original payment method.

To be eligible for a return, the item must be unused, in the same condition you received it, and in its original packaging. Gift cards, personalised items and clearance products marked "final sale" cannot be returned.

How to start a return: log in to your account, open the order and choose "Return an item". You will receive a prepaid return label by e-mail within one business day. Drop the parcel at any post office. If you checked out as a guest, reply to your order confirmation e-mail and our team will send the label.

Return shipping is free for orders inside the country. For international orders the customer pays the cost of sending the item back, and the original shipping charge is not refunded.

Once your return arrives at our warehouse we inspect it within three business days. Approved refunds are issued straight away; your bank may take another five to ten days to show the money on your statement.

Exchanges: we do not swap items directly. Return the item for a refund and place a new order for the size or colour you want, so you are not left waiting.

Damaged or wrong items: if your order arrives broken or we sent the wrong product, contact us within 7 days with a photo. We will send a replacement at no cost or refund you in full, and you do not need to send the damaged item back.

Late or missing refunds: first check your bank account again, then contact your card issuer. If you still have not received the money after 14 days, e-mail refunds@example-shop.com with your order number.`,
  },
  {
    id: "shipping-rates",
    name: "Shipping rates and delivery times.pdf",
    text: `Shipping Rates and Delivery Times

All orders are packed and dispatched from our warehouse within two business days. Orders placed after 2 pm on Friday leave on Monday.

Domestic shipping
- Standard (3 to 5 business days): 4.95
- Express (1 to 2 business days): 9.95
- Next-day delivery, order before 12 noon: 14.50
Standard shipping is free on every domestic order over 50.

International shipping
- Europe (5 to 8 business days): 12.00
- United States and Canada (7 to 12 business days): 18.00
- Rest of the world (10 to 20 business days): 25.00
Import duties, taxes and customs fees are not included in these prices and are paid by the recipient on delivery. We cannot mark parcels as gifts or declare a lower value.

Tracking: every parcel is sent with a tracking number. You will receive it by e-mail as soon as your order leaves the warehouse. Tracking can take 24 hours to show the first scan.

Heavy and bulky items such as furniture ship by freight. A surcharge of 30 applies and our carrier will call you to book a delivery slot.

PO boxes: standard shipping can be delivered to a PO box; express and next-day cannot.

Lost parcels: if tracking has not moved for 10 business days, contact us and we will open an investigation with the carrier. If the parcel is confirmed lost we reship it or refund the order.

Address changes are possible until the order is packed. After that, please contact the carrier directly using your tracking number.`,
  },
  {
    id: "opening-hours",
    name: "Opening hours and holidays.txt",
    text: `Opening Hours - Corner Bakery & Coffee

Our shop on Market Street is open:
Monday to Friday: 7:00 am - 6:00 pm
Saturday: 8:00 am - 4:00 pm
Sunday: 9:00 am - 1:00 pm

The kitchen stops serving hot breakfast at 11:30 am on weekdays and at noon on weekends. Fresh bread comes out of the oven at 7 am and again at 3 pm.

Public holidays: we are closed on New Year's Day, Easter Sunday and Christmas Day. On all other public holidays we follow the Sunday hours. On Christmas Eve and New Year's Eve we close early, at 2 pm.

Summer break: every year the shop closes for two weeks in the middle of August so our bakers can rest. The exact dates are posted on the door and on our social media pages in July.

Pre-orders for birthday cakes and large catering trays can be collected during normal opening hours. Please order at least 48 hours ahead by phone or in the shop.

Parking: there are two short-stay spaces in front of the shop and a public car park behind the church, a two-minute walk away. The first hour in the car park is free.

The shop is step-free and has an accessible toilet. Dogs on a lead are welcome on the terrace but not inside.`,
  },
  {
    id: "mug-care",
    name: "Ceramic mug care guide.pdf",
    text: `Caring for Your Handmade Ceramic Mug

Each mug is thrown on the wheel and fired twice in our kiln at 1,240 degrees, so small differences in shape and glaze are part of its character.

Dishwasher and microwave
Our stoneware mugs are dishwasher safe, but hand washing keeps the glaze bright for longer. Use the top rack and a mild detergent. Mugs with a gold or platinum rim must never go in the dishwasher or the microwave: the metal lustre will spark and wear off. Plain glazed mugs can be used in the microwave for reheating drinks.

Sudden temperature changes
Do not pour boiling water into a mug straight from the freezer, and do not put a hot mug into cold water. Thermal shock can crack the clay. Never place a mug on a stove, hob or open flame.

Removing tea and coffee stains
Brown rings on the inside are normal. Make a paste of baking soda and a little water, rub it gently with a soft sponge, and rinse. Avoid steel wool and abrasive powders, which scratch the glaze.

Crazing
Fine lines in the glaze, called crazing, can appear over the years. They are cosmetic and do not make the mug unsafe, but if the clay under the glaze is exposed or chipped, stop using the mug for hot drinks.

Storage
Stack mugs no more than two high, with a paper towel between them, so the unglazed foot ring does not scratch the glaze of the mug below.

Chips and cracks that appear in the first 30 days without misuse are covered by our warranty; see the warranty page for how to claim.`,
  },
  {
    id: "warranty",
    name: "Warranty terms.docx",
    text: `Limited Warranty

Our products are covered against defects in materials and workmanship for two years from the date of purchase. Electrical kitchen appliances sold in our shop carry the manufacturer's warranty instead, usually one year; the length is printed on the box.

What is covered: faulty parts, seams that come apart, handles that loosen, electrical faults under normal household use.

What is not covered: normal wear and tear, damage from accidents, drops or misuse, damage caused by not following the care instructions, scratches and fading, and items used in a commercial setting such as a restaurant or office kitchen.

How to make a claim
1. Find your receipt or order number. A bank statement is accepted as proof of purchase.
2. Fill in the warranty form on our website with a short description and clear photos of the fault.
3. We reply within five business days. If the claim is approved we either repair the item, replace it with the same or an equivalent product, or refund the purchase price if neither is possible.

Shipping for warranty claims: we pay the postage both ways for approved claims inside the country. Please do not send anything back before we approve the claim, as unannounced parcels can be delayed.

Replacement items are covered for the rest of the original warranty period, not for a new two-year term.

The warranty is valid only for the first owner and cannot be transferred when an item is sold or given away. It does not affect your legal rights as a consumer.`,
  },
  {
    id: "recipe-lemon-cake",
    name: "Recipe - lemon drizzle cake.txt",
    text: `Lemon Drizzle Cake (serves 10)

Ingredients for the cake
- 225 g soft unsalted butter
- 225 g caster sugar
- 4 large eggs at room temperature
- 225 g self-raising flour
- zest of 2 unwaxed lemons
- 2 tbsp milk

For the drizzle
- juice of 2 lemons
- 85 g granulated sugar

Method
1. Heat the oven to 180 C (160 C fan, gas mark 4). Grease a 2 lb loaf tin and line it with baking paper.
2. Beat the butter and caster sugar together until pale and fluffy, about three minutes with an electric mixer.
3. Add the eggs one at a time, mixing well after each. If the mixture starts to curdle, add a spoonful of the flour.
4. Fold in the flour, lemon zest and milk until just combined. Do not overmix or the cake will be tough.
5. Spoon into the tin, level the top and bake for 45 to 50 minutes, until a skewer pushed into the middle comes out clean.
6. While the cake bakes, stir the lemon juice and granulated sugar together.
7. As soon as the cake comes out of the oven, prick it all over with a fork and pour the drizzle over it. Leave it in the tin until completely cool so the syrup soaks in and the top turns crisp.

Storage: keep the cake in an airtight tin at room temperature for up to four days, or freeze it in slices for a month.

Swaps: for a dairy-free version use a plant-based baking block instead of butter and oat milk instead of milk. Gluten-free self-raising flour works with an extra half teaspoon of baking powder.`,
  },
  {
    id: "gym-faq",
    name: "Membership FAQ - Northside Fitness.pdf",
    text: `Northside Fitness - Membership FAQ

What memberships do you offer?
Monthly rolling membership: 39 per month, cancel any time with one month's notice.
Annual membership: 399 paid upfront, which works out at about two months free.
Off-peak membership: 25 per month, valid weekdays 10 am - 4 pm and all day at weekends.
Students and over-65s get 20% off any plan with valid ID.

Is there a joining fee?
A one-off joining fee of 20 applies to monthly plans. It is waived on annual memberships.

What are the gym's hours?
The gym floor is open 5:30 am to 11 pm on weekdays and 7 am to 9 pm at weekends. The pool closes one hour before the gym.

How do I cancel?
Monthly members can cancel in the app or at reception; the last payment is taken one month after the request. Annual memberships are not refunded if you stop early, but you may transfer the rest of your year to a friend once for an admin fee of 15.

Can I freeze my membership?
Yes. You can pause for one to three months per year, for example for travel or injury, for 5 per month. A doctor's note lets you pause for free.

Can I bring a guest?
Members may bring one guest per month for free. Guests must be over 16 and sign a waiver at reception.

Are classes included?
All group classes (spin, yoga, HIIT, Pilates) are included. Book up to seven days ahead in the app. If you miss a booked class without cancelling two hours before, you cannot book for the next 48 hours.

Do you offer personal training?
Yes, sessions with a personal trainer cost 45 for one hour or 200 for a pack of five. Every new member gets a free 30-minute induction.

Lockers and towels: lockers take a 1 coin or a padlock. Towels can be rented at reception for 2.`,
  },
  {
    id: "dental-intake",
    name: "New patient information - Riverside Dental.docx",
    text: `Riverside Dental Clinic - Information for New Patients

Welcome to our practice. Please read this before your first appointment.

Before your visit
Fill in the medical history form online at least one day before your appointment. Tell us about any medicines you take, allergies (especially to penicillin, latex or local anaesthetic), pregnancy, heart conditions and whether you take blood thinners.

Bring a photo ID, your insurance card if you have dental insurance, and a list of your current medicines. Arrive 10 minutes early for your first visit.

Your first appointment
The first check-up takes about 45 minutes. It includes an examination, X-rays if you have not had any in the last two years, and a scale and polish by our hygienist. We will then explain any treatment you need and give you a written cost estimate before we start.

Fees
New patient check-up with X-rays: 85
Hygienist appointment: 60
Fillings start from 95; root canal treatment and crowns are quoted after the examination.
Payment is due on the day. We accept cards and most insurance plans; we can send the claim to your insurer for you.

Cancellations
Please give us 24 hours' notice if you cannot come. Missed appointments without notice are charged at 30, because another patient could have used the slot.

Emergencies
If you are in severe pain or have had an accident, call us at 8 am: we keep emergency slots free every morning. Outside our opening hours, call the out-of-hours dental line on the recorded message.

Children
Children under 18 are seen with a parent or guardian. Their check-ups are free when a parent is a registered patient.

Anxious patients
Let us know if you are nervous. We can book a longer appointment, explain each step, and offer sedation for longer treatments.`,
  },
  {
    id: "software-changelog",
    name: "Changelog - Invoicer app.md",
    text: `Invoicer - Changelog

Version 3.2.0 (March)
- New: recurring invoices. Set an invoice to repeat weekly, monthly or yearly and it is sent automatically.
- New: export all invoices of a year to a CSV file for your accountant.
- Improved: the PDF template now shows your logo at full resolution.
- Fixed: the due-date reminder was sometimes sent twice.

Version 3.1.2 (February)
- Fixed: a crash when opening the app offline on older Android phones.
- Fixed: totals were rounded wrongly when an invoice mixed two tax rates.
- Security: sessions now expire after 30 days without activity.

Version 3.1.0 (January)
- New: dark mode, following your phone's setting.
- New: accept card payments online through a "Pay now" button on every invoice (a 1.5% fee per payment applies).
- Changed: the free plan now allows 10 invoices per month instead of 5.
- Removed: the old "quick invoice" screen; use the new invoice wizard instead.

Version 3.0.0 (November)
- New: multi-currency support. Each client can be billed in their own currency; exchange rates update daily.
- New: a client portal where customers see all their invoices and download receipts.
- Breaking: the old API version 1 was switched off. Integrations must use API version 2.
- Changed: minimum supported iOS version is now 15.

Version 2.9.4 (October)
- Fixed: customer addresses with more than three lines were cut off in the PDF.
- Fixed: searching for a client by e-mail address did not find partial matches.

Known issues
- On some tablets the signature field does not respond in landscape mode. Rotate the device as a workaround; a fix is planned for 3.2.1.`,
  },
  {
    id: "hotel-pet-policy",
    name: "Pet policy - Harbour View Hotel.pdf",
    text: `Harbour View Hotel - Pet Policy

We are a pet-friendly hotel and welcome dogs and cats in selected rooms. Please tell us about your pet when you book, because only ten rooms on the ground floor are set aside for guests with animals.

Fees and deposit
A cleaning fee of 25 per night applies per pet, up to a maximum of 100 per stay. A refundable deposit of 150 is taken at check-in and returned within seven days after check-out if the room has no damage.

Rules
- A maximum of two pets per room. Dogs may weigh up to 25 kg each.
- Pets must not be left alone in the room for more than two hours, and must be in a crate if left alone at all.
- Dogs must be on a lead in all public areas. Pets are not allowed in the restaurant, spa or pool area, but are welcome in the bar and on the terrace.
- Please use the dog bags at reception and the pet relief area behind the car park.

What we provide
Each pet room comes with a bed, food and water bowls, a welcome treat and a towel for muddy paws. Ask reception for the list of local vets and dog-friendly beaches.

Assistance dogs
Guide dogs and other assistance animals are welcome in every room and every area of the hotel at no charge, and no deposit is taken.

Complaints and damage
If another guest complains about repeated barking or noise, we may ask you to make other arrangements for your pet. Any damage beyond normal cleaning is charged at cost and taken from the deposit first.`,
  },
  {
    id: "bike-repair-prices",
    name: "Bike workshop price list.csv.txt",
    text: `Spoke & Chain Bike Workshop - Price List

Services
- Basic safety check: 20 (brakes, gears, tyres, bolts tightened)
- Standard service: 65 (safety check plus gear and brake adjustment, chain clean and lube, wheel truing)
- Full service: 130 (bike stripped, all bearings cleaned and regreased, drivetrain deep clean)
- E-bike service: 90, plus a motor diagnostic check for 25

Repairs (labour only, parts extra)
- Puncture repair: 12 per wheel, inner tube fitted from 8 extra
- Tubeless tyre setup: 25 per wheel
- Brake pad replacement: 15 per brake
- Hydraulic brake bleed: 30 per brake
- Chain replacement: 10
- Gear cable replacement: 18
- Wheel truing: 15
- Spoke replacement: 20, including truing
- Bottom bracket replacement: 30

Booking and turnaround
Drop-off is Tuesday to Saturday from 9 am. Most repairs are ready the same day if the bike arrives before 11 am; services take two to three working days in spring and summer. Walk-in puncture repairs are done while you wait when a mechanic is free.

Quotes: we always call you before doing any work that costs more than the price you agreed at drop-off.

Collection: bikes not collected within 30 days of the repair being finished are charged storage at 2 per day.

Guarantee: our labour is guaranteed for three months. If a repair we made fails in that time, bring the bike back and we fix it for free. Parts carry their manufacturer's warranty.`,
  },
  {
    id: "city-guide",
    name: "Visitor guide to Lindenport.docx",
    text: `A Visitor's Guide to Lindenport

Getting around
The old town is small and best explored on foot. Trams run every ten minutes from 5 am until midnight; a day ticket costs 7 and can be bought in the transport app or from machines at every stop. Bikes can be rented at the harbour for 15 a day.

Getting here from the airport
Take the airport express train to Central Station, which leaves every 20 minutes and takes 25 minutes. A taxi to the old town costs about 40.

Things to see
- The Cathedral of St Anne, with a tower you can climb for views over the harbour (open 10 am - 5 pm, closed Mondays).
- The Maritime Museum, free on the first Sunday of every month.
- The covered market on Mill Street, best on Saturday mornings, with local cheese, smoked fish and flowers.
- The canal walk, a flat 4 km loop that starts at the old customs house.

Where to eat
Try the fish soup at any harbour restaurant, and the cinnamon buns that every bakery sells. Most restaurants serve lunch from 11:30 to 2:30 and dinner from 6 pm; booking is wise on Friday and Saturday nights.

Beaches
North Beach is sandy and has lifeguards from June to August. The small dog beach at the end of the promenade welcomes dogs all year.

Practical tips
Shops close early on Saturdays and most are closed on Sundays. Tap water is safe to drink. Tipping about ten percent in restaurants is customary but not required. The tourist office on the main square sells a city card that includes public transport and entry to most museums.`,
  },
];

/**
 * Questions with the documents that answer them. Several avoid the documents' words
 * ("money back" for refund, "pause" for freeze, "pup" for dog).
 */
export const RETRIEVAL_QUERIES: { query: string; relevantDocumentIds: string[] }[] = [
  { query: "How many days do I have to send something back?", relevantDocumentIds: ["return-policy"] },
  { query: "Can I swap a shirt for a different size?", relevantDocumentIds: ["return-policy"] },
  {
    query: "My parcel arrived smashed, what should I do?",
    relevantDocumentIds: ["return-policy", "shipping-rates"],
  },
  {
    query: "When will I get my money back after returning an order?",
    relevantDocumentIds: ["return-policy"],
  },
  { query: "How much does delivery cost to the United States?", relevantDocumentIds: ["shipping-rates"] },
  { query: "Is delivery free if I spend enough?", relevantDocumentIds: ["shipping-rates"] },
  { query: "Who pays customs duties on international orders?", relevantDocumentIds: ["shipping-rates"] },
  { query: "What time do you open on Sunday?", relevantDocumentIds: ["opening-hours"] },
  { query: "Are you open on Christmas?", relevantDocumentIds: ["opening-hours"] },
  { query: "Where can I park near the bakery?", relevantDocumentIds: ["opening-hours"] },
  { query: "Can I put my mug in the microwave?", relevantDocumentIds: ["mug-care"] },
  { query: "How do I get coffee stains out of a cup?", relevantDocumentIds: ["mug-care"] },
  {
    query: "My mug cracked after two weeks, is that covered?",
    relevantDocumentIds: ["mug-care", "warranty"],
  },
  { query: "How long is the guarantee on your products?", relevantDocumentIds: ["warranty"] },
  { query: "I lost my receipt, can I still claim for a faulty item?", relevantDocumentIds: ["warranty"] },
  {
    query: "What temperature should the oven be for the lemon cake?",
    relevantDocumentIds: ["recipe-lemon-cake"],
  },
  { query: "Can I make the cake without butter or milk?", relevantDocumentIds: ["recipe-lemon-cake"] },
  { query: "How much is a monthly gym membership?", relevantDocumentIds: ["gym-faq"] },
  { query: "Can I pause my membership while I travel?", relevantDocumentIds: ["gym-faq"] },
  { query: "Do I get a refund if I quit my annual plan early?", relevantDocumentIds: ["gym-faq"] },
  { query: "What should I bring to my first dentist appointment?", relevantDocumentIds: ["dental-intake"] },
  { query: "I have a terrible toothache, can I be seen today?", relevantDocumentIds: ["dental-intake"] },
  { query: "Is there a charge if I miss my appointment?", relevantDocumentIds: ["dental-intake", "gym-faq"] },
  { query: "Can invoices be sent automatically every month?", relevantDocumentIds: ["software-changelog"] },
  {
    query: "Why does my integration no longer work after the update?",
    relevantDocumentIds: ["software-changelog"],
  },
  { query: "Can I bring my pup when I stay at the hotel?", relevantDocumentIds: ["hotel-pet-policy"] },
  { query: "How big can a dog be to stay in the room?", relevantDocumentIds: ["hotel-pet-policy"] },
  { query: "How much to fix a flat tyre on my bike?", relevantDocumentIds: ["bike-repair-prices"] },
  { query: "How long does a bicycle service take?", relevantDocumentIds: ["bike-repair-prices"] },
  { query: "How do I get from the airport to the old town?", relevantDocumentIds: ["city-guide"] },
  { query: "Where can I take my dog to the beach?", relevantDocumentIds: ["city-guide", "hotel-pet-policy"] },
  { query: "Is it safe to drink the tap water in Lindenport?", relevantDocumentIds: ["city-guide"] },
];
