// The restaurant booking blocks' CSS (v1 and v2 alike): the row of reservation fields inside the shared card look;
// 'Find a Table' waits for the island's reveal (§2).
export const styles = `
:is(.block-restaurant-booking,.block-restaurant-booking-v2) .booking-block[data-revealed=false] .booking-submit{visibility:hidden}
:is(.block-restaurant-booking,.block-restaurant-booking-v2) .booking-fields{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,9.5rem),1fr));gap:.85rem;align-items:end}
:is(.block-restaurant-booking,.block-restaurant-booking-v2) .booking-field{display:flex;flex-direction:column;gap:.35rem;min-width:0}
:is(.block-restaurant-booking,.block-restaurant-booking-v2) .booking-control{width:100%;min-width:0;height:calc(2.85em + 2px)}
:is(.block-restaurant-booking,.block-restaurant-booking-v2) .booking-submit{width:100%}
`;
