/** Where an order's files live in the file store; everything of an order sits under one folder. */
export const orderFolder = (orderId: string) => `orders/${orderId}`;
export const selfieFolder = (orderId: string) => `orders/${orderId}/selfies`;
export const selfieKey = (orderId: string, no: number) => `${selfieFolder(orderId)}/${no}.jpg`;
export const portraitKey = (orderId: string, no: number) => `orders/${orderId}/portraits/${no}.jpg`;
export const thumbKey = (orderId: string, no: number) => `orders/${orderId}/thumbs/${no}.jpg`;
/** The full-screen viewer's rendition, lower than the deliverable (see `renderRendition`). */
export const previewKey = (orderId: string, no: number) => `orders/${orderId}/previews/${no}.jpg`;
/** What the offline generator keeps of the person for a refresh: framed face crops. */
export const likenessFolder = (orderId: string) => `orders/${orderId}/likeness`;
export const likenessKey = (orderId: string, no: number) => `${likenessFolder(orderId)}/${no}.jpg`;
/** The images the generator made for the likeness check to choose from; gone once the order is delivered. */
export const candidateFolder = (orderId: string) => `orders/${orderId}/candidates`;
export const candidateKey = (orderId: string, no: number) => `${candidateFolder(orderId)}/${no}.jpg`;
